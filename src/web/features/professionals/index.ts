// The professionals' pages' public surface: the list and profile routes compose these.
export {
  CITY_SLUG_PATTERN,
  USERNAME_PATTERN,
  useProfessional,
  useProfessionals,
  type Professional,
} from './api';
export { CityFilter } from './city-filter';
export { ProfessionalCard } from './professional-card';
export { ProfessionalTreatmentList } from './treatment-list';

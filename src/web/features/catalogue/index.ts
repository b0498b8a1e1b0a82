// The catalogue's public surface: cities and their treatment menus, read by the home and city
// pages, the booking flow and the professionals' pages.
export { useCities, useCityTreatments, type City, type Treatment } from './api';
export { clearChosenCity, readChosenCity, saveChosenCity, useChosenCity } from './chosen-city';
export { CityPicker } from './city-picker';
export { CategoryArt } from './category-art';
export { categoryAnchor, groupTreatments, type MenuItem } from './group-treatments';
export { CategoryNav, TreatmentMenu } from './treatment-menu';

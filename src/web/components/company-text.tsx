import { telHref, useCompany } from '../lib/company';

// Company details inside running text. The legal pages render their text only once the details
// have loaded (LegalPage waits for them), so these never leave a gap in a sentence there.

export function CompanyName() {
  return <>{useCompany().data?.name}</>;
}

export function CompanyEmailLink() {
  const email = useCompany().data?.email;
  return email ? <a href={`mailto:${email}`}>{email}</a> : null;
}

export function CompanyPhoneLink() {
  const phone = useCompany().data?.phone;
  return phone ? <a href={telHref(phone)}>{phone}</a> : null;
}

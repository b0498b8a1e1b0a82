import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test-support/production-env';
import { problemsOf } from '../test-support/config-problems';
import { DEMO_COMPANY } from './config-company';
import { loadConfig } from './config';

describe('company settings', () => {
  it("says who runs the site: the demo company outside production, the operator's in it", () => {
    expect(loadConfig({}).company).toEqual(DEMO_COMPANY);
    expect(loadConfig({ COMPANY_NAME: 'Staging Glow Ltd' }).company).toEqual({
      ...DEMO_COMPANY,
      name: 'Staging Glow Ltd',
    });
    const missing = problemsOf({ ...PRODUCTION_ENV, COMPANY_NUMBER: '', COMPANY_PHONE: '' });
    expect(missing).toEqual([
      'COMPANY_NUMBER: required when APP_ENV=production',
      'COMPANY_PHONE: required when APP_ENV=production',
    ]);
    expect(loadConfig({ ...PRODUCTION_ENV, COMPANY_NUMBER: 'sc123456 ' }).company).toEqual({
      name: 'Glow Example Ltd',
      registrationNumber: 'SC123456',
      registeredIn: 'England and Wales',
      registeredAddress: '2 Example Road, London, N1 9GU',
      email: 'care@glow.example',
      phone: '020 7946 0000',
      // Without COMPANY_WEBSITE, the site itself.
      website: 'https://glow.example',
    });
    const bad = problemsOf({
      COMPANY_NUMBER: '1234',
      COMPANY_REGISTERED_IN: 'Wales',
      COMPANY_EMAIL: 'not-an-email',
      COMPANY_PHONE: 'call us',
      COMPANY_WEBSITE: 'glow.example',
    }).join('\n');
    expect(bad).toMatch(/^COMPANY_NUMBER: must be a Companies House number/m);
    expect(bad).toMatch(/^COMPANY_REGISTERED_IN: must be England and Wales, Scotland or Northern/m);
    expect(bad).toMatch(/^COMPANY_EMAIL: must be an email address/m);
    expect(bad).toMatch(/^COMPANY_PHONE: must be a phone number/m);
    expect(bad).toMatch(/^COMPANY_WEBSITE: must be an absolute URL/m);
  });
});

// The product's name, part of its design like the logo. Who runs it (the company's name, number,
// office and contacts) is configuration the server answers: see lib/company.ts.

export const BRAND_NAME = 'Glow at Home';

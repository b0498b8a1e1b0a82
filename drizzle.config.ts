import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/schema-reviews.ts',
    './src/server/db/schema-favourites.ts',
    './src/server/db/schema-waitlist.ts',
    './src/server/db/schema-booking-media.ts',
  ],
  out: './drizzle',
});

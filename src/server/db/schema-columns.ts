import { timestamp } from 'drizzle-orm/pg-core';

// The column shapes every table spells the same way, shared by schema.ts and the files beside it.
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

// How long the links that sign-in emails carry work for: better-auth checks them against these,
// and the emails say them in words.

export const RESET_TOKEN_MINUTES = 60;
export const MAGIC_LINK_MINUTES = 10;

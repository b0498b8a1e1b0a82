// docs/product.md#the-not-found-page: crawlers never get the error page, so a passing fault is not
// indexed as our content.
const SEARCH_BOT =
  /bot\b|crawl|spider|slurp|googlebot|bingbot|yandex|baiduspider|duckduckbot|applebot|facebookexternalhit|embedly|petalbot/i;

export function isSearchBot(userAgent: string): boolean {
  return SEARCH_BOT.test(userAgent);
}

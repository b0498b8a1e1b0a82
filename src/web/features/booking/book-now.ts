/**
 * Where "Book now" in the header goes: on with the city in view (a city page or a booking step),
 * else with the basket already started, else with the city last chosen, else to home to pick one.
 * Never home's ?city=reset: that drops the city from under a basket.
 */
export function bookNowPath(input: {
  routeCity: string | null;
  basketCity: string | null;
  chosenCity: string | null;
}): string {
  const city = input.routeCity ?? input.basketCity ?? input.chosenCity;
  return city ? `/${city}/select-treatments` : '/';
}

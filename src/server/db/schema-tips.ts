// The tips part's tables (filled in by that part).
export {};

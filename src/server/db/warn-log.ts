/** Where side effects after a commit (mail, provider clean-up) report trouble they survive. */
export interface WarnLog {
  warn(details: object, message: string): void;
}

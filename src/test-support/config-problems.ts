import { ConfigError, loadConfig } from '../server/config';

/** What loadConfig refuses in env, one line per problem naming its variable; [] if it starts. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

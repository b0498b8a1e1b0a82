import { DEFAULT_RULES_CONFIG, type RulesConfig } from '../../domain/constants';
import type { AppConfig } from '../config';

export function rulesConfigOf(config: AppConfig): RulesConfig {
  return { ...DEFAULT_RULES_CONFIG, noticeMinutes: config.bookingNoticeMinutes };
}

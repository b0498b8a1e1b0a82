import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// zxcvbn estimates how many guesses a password would take against real leaked-password lists,
// dictionaries, keyboard walks and the user's own details, which a home-made rule set cannot.

const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

/** Scores 0–4; 3 means "safely unguessable" for an online attacker with rate limits. */
export const MINIMUM_PASSWORD_SCORE = 3;

export interface PasswordVerdict {
  ok: boolean;
  /** Customer-facing reason when not ok. */
  message: string | null;
}

export function judgePassword(password: string, userInputs: string[] = []): PasswordVerdict {
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s]+/)]).filter((v) => v.length > 2);
  const result = zxcvbn.check(password, inputs);
  if (result.score >= MINIMUM_PASSWORD_SCORE) return { ok: true, message: null };
  const hint = result.feedback.warning ? `${result.feedback.warning}. ` : '';
  return {
    ok: false,
    message:
      `This password is too easy to guess. ${hint}Try a longer phrase of unrelated words.`.replace(
        '..',
        '.',
      ),
  };
}

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

// zxcvbn estimates how many guesses a password would take against real leaked-password lists,
// dictionaries, keyboard walks and the user's own details, which a home-made rule set cannot.
// Its dictionaries take over half a second to load, so they load on the first password checked,
// not on every start of the server.

let loading: Promise<ZxcvbnFactory> | null = null;

function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
    });
  })();
  return loading;
}

/** Scores 0–4; 3 means "safely unguessable" for an online attacker with rate limits. */
export const MINIMUM_PASSWORD_SCORE = 3;

export interface PasswordVerdict {
  ok: boolean;
  /** Customer-facing reason when not ok. */
  message: string | null;
}

export async function judgePassword(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordVerdict> {
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s]+/)]).filter((v) => v.length > 2);
  const result = (await estimator()).check(password, inputs);
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

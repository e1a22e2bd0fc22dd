import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { staffText } from "./ui/text";

/**
 * How long a staff password may be: the one constant Better Auth is configured with (auth.ts) and
 * every form and the command line check first, so a refusal names the limit instead of surfacing
 * Better Auth's "Password too long" as a 500 or as "the current password is not right".
 */
export const staffPasswordLength = { min: 12, max: 256 } as const;

/**
 * zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable", ≥ 10⁸ guesses — years
 * against the sign-in throttle, and a slow scrypt hash if the database ever leaks (decision 0067).
 */
export const minimumPasswordScore = 3;

/**
 * zxcvbn's work grows faster than the length (a 256-character random password takes seconds of
 * CPU): only the first 64 characters are estimated. A password is no easier to guess than its
 * start, so one whose first 64 characters pass is taken.
 */
const estimatedCharacters = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with its common (passwords, keyboard layouts) and English (words, names, Wikipedia)
 * dictionaries: 1.7 MB of word lists, loaded on the server only and only once a password is set,
 * so the start stays fast and no public page ever loads it.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: estimatedCharacters,
    });
  })();
  return estimator;
}

/** Whose password it is: the account's e-mail address and name count as easy to guess. */
export type PasswordOwner = { email?: string; name?: string };

/**
 * Why a new staff password is refused, in words that say what would do; undefined when it is
 * taken. Used wherever a password is set: an invitation, an administrator's new password for
 * someone, My password, `npm run staff:add`.
 */
export async function passwordProblem(password: string, owner: PasswordOwner = {}): Promise<string | undefined> {
  const { min, max } = staffPasswordLength;
  if (password.length < min) return staffText.password.tooShort(min);
  if (password.length > max) return staffText.password.tooLong(max, password.length);
  const personal = [owner.email, owner.email?.split("@")[0], owner.name, ...(owner.name?.split(/\s+/) ?? [])].filter(
    (word): word is string => !!word && word.length > 2,
  );
  const { score, feedback } = (await passwordEstimator()).check(password, personal);
  if (score >= minimumPasswordScore) return undefined;
  return staffText.password.tooWeak(feedback.warning, feedback.suggestions);
}

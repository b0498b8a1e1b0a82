/**
 * Spec 5: "A referral code equal to the user's own uid is ignored." Codes are trimmed first so a
 * pasted code with stray spaces still counts, and so does a self-referral padded with spaces.
 */
export function effectiveReferralCode(
  code: string | null | undefined,
  customerId: string | null,
): string | null {
  const trimmed = code?.trim() ?? '';
  if (trimmed === '') return null;
  if (customerId !== null && trimmed === customerId.trim()) return null;
  return trimmed;
}

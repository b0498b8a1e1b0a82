// What a line of text we keep may hold (decision 0068). Names, address lines and phone numbers
// are one line: they go into email texts, calendar files, CSV exports and webhook payloads, where
// a carriage return or line feed starts a new line or field the customer did not write, and a
// control character shows as nothing or as garbage. A gift card's message may run over several
// lines (it is typed in a text area), so it may hold line breaks but no other control character.
//
// The checks run after trimming, so a line break typed or pasted at either end is simply dropped.
// Lives in src/domain, not src/contract, because the form schemas that use it are here and the
// web validates with them as the customer types; src/contract re-exports those schemas.

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls (tab, CR and LF among them), DEL, C1 controls, and the U+2028/U+2029 breaks. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Whether any character is a control one, line feeds (alone or after a CR) aside if allowed. */
function hasControl(text: string, allowLineBreaks: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) continue;
    if (allowLineBreaks && code === LINE_FEED) continue;
    if (allowLineBreaks && code === CARRIAGE_RETURN && text.charCodeAt(i + 1) === LINE_FEED) {
      continue;
    }
    return true;
  }
  return false;
}

export const ONE_LINE_MESSAGE = 'Keep this to one line, without line breaks or control characters';
export const PLAIN_TEXT_MESSAGE = 'Remove the control characters: only line breaks are allowed';

/** Whether text is a single line with no control character. */
export const isOneLine = (text: string): boolean => !hasControl(text, false);

/** Whether text holds no control character other than line breaks (LF or CR LF). */
export const isPlainText = (text: string): boolean => !hasControl(text, true);

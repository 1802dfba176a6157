import type { Locator, Page } from 'playwright-core';

/**
 * Choosing from a list of options (MUI's Select and Autocomplete, react-admin's inputs), the one
 * way the browser tests do it (`tests/src/browser/options.unit.test.ts` fails on a test that
 * clicks an option itself).
 *
 * Why one way: a menu can close under the test's hand. A reference input that is still loading
 * replaces its select by a loading field, and the open menu goes with it; CI met it twice (a
 * matrix department "detached from the DOM" for 30 s, a walk filler's menu that never opened). A
 * person opens the menu again; so do these helpers: up to four tries of ten seconds each, then
 * the last failure is thrown with the locator it waited for. Each ends by waiting for the state
 * the test needs (the field showing the choice), never for the menu's exit transition.
 */

const TRIES = 4;
const TRY_MS = 10_000;
const SHOWN_MS = 30_000;

export interface OptionMatch {
  /** A string option is matched whole by default ("Approved" is not "Not approved"). */
  exact?: boolean;
  /** Multiple choice: the field shows chips, and the menu stays open (closed by Escape here). */
  multiple?: boolean;
  /**
   * False for a field that does not keep the choice (a preset that adds a line, a language that
   * renames the field itself): the test checks the choice's effect instead.
   */
  keeps?: boolean;
}

const optionLocator = (page: Page, option: string | RegExp, exact: boolean) =>
  page.getByRole('option', { name: option, exact }).first();

/** What the field shows: an input's value, or the text of a select (chips included). */
async function shows(field: Locator, option: string | RegExp, exact: boolean): Promise<boolean> {
  const text = await field
    .evaluate(
      (e: unknown) => {
        const el = e as { tagName: string; value?: string; innerText?: string };
        return el.tagName === 'INPUT' ? (el.value ?? '') : (el.innerText ?? '');
      },
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => '');
  if (typeof option !== 'string') return option.test(text);
  return exact ? text.trim() === option : text.includes(option);
}

async function waitUntilShown(field: Locator, option: string | RegExp, exact: boolean) {
  const until = Date.now() + SHOWN_MS;
  while (!(await shows(field, option, exact))) {
    if (Date.now() > until)
      throw new Error(`the field ${String(field)} did not come to show ${String(option)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tryClick(
  page: Page,
  open: () => Promise<void>,
  option: string | RegExp,
  exact: boolean,
) {
  for (let attempt = 1; ; attempt++) {
    await open();
    try {
      await optionLocator(page, option, exact).click({ timeout: TRY_MS });
      return;
    } catch (error) {
      if (attempt >= TRIES) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Opens a select (or an autocomplete) by clicking it, and chooses the option. */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string | RegExp,
  match: OptionMatch = {},
): Promise<void> {
  const exact = match.exact ?? typeof option === 'string';
  // The field's label also names its open (or closing) listbox: the field is the first of them.
  field = field.first();
  await tryClick(page, () => field.click(), option, exact);
  if (match.multiple) await page.keyboard.press('Escape');
  else if (match.keeps !== false) await waitUntilShown(field, option, exact);
}

/**
 * Types into an autocomplete and chooses one of its suggestions; `shown` is what the field shows
 * after (the option's text by default).
 */
export async function chooseSuggestion(
  page: Page,
  field: Locator,
  typed: string,
  option: string | RegExp,
  match: OptionMatch & { shown?: string | RegExp } = {},
): Promise<void> {
  const exact = match.exact ?? typeof option === 'string';
  field = field.first();
  let first = true;
  await tryClick(
    page,
    async () => {
      // Typing again asks again: the first answer may have come for a field that went.
      if (!first) await field.fill('');
      first = false;
      await field.fill(typed);
    },
    option,
    exact,
  );
  if (match.multiple) await page.keyboard.press('Escape');
  else if (match.keeps !== false)
    await waitUntilShown(field, match.shown ?? option, match.shown ? false : exact);
}

/**
 * Opens the menu and reads its options (to assert them), then closes it again: a following
 * `chooseOption` opens it afresh.
 */
export async function readOptions(page: Page, field: Locator): Promise<string[]> {
  await field.first().click();
  await page.getByRole('option').first().waitFor();
  const texts = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

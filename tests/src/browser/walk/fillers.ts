import type { AdminResourceName } from '@nordlog/contracts';
import type { Page } from 'playwright-core';
import { chooseOption, chooseSuggestion } from '../../support/browser.js';

/** How to fill a valid record of each admin resource, and what to change on its edit page. */
export interface Filler {
  /** Fills the create form with a record named `name`. */
  fill(page: Page, name: string): Promise<void>;
  /** The text of the saved record in its list. */
  shown(name: string): string;
  /** The field that holds the name on the edit page (default: the one labelled Name). */
  nameLabel?: RegExp;
  /**
   * A resource with no create (its rows are made elsewhere, e.g. a service's mapping with its
   * article): `fill` changes the first row on its edit page, and this checks the reopened page
   * shows the change.
   */
  reopened?(page: Page): Promise<void>;
}

/**
 * The walk chooses as the other browser tests do (tests/src/support/options.ts: a menu that
 * closes under the hand is opened again); the walk checks what was saved in the list after.
 */
const pick = (page: Page, label: RegExp, option: string | RegExp) =>
  chooseOption(page, page.getByLabel(label), option, { exact: false, keeps: false });
/** The first option of a multiple choice. */
const pickMany = (page: Page, label: RegExp) =>
  chooseOption(page, page.getByLabel(label), /./, { multiple: true });
/** An Oslo address (issue 36: customers and departments have one). */
const fillAddress = async (page: Page) => {
  await page.getByLabel(/^street address/i).fill('Tollbugata 17');
  await page.getByLabel(/^postal code/i).fill('0152');
  await page.getByLabel(/^town/i).fill('Oslo');
  await pick(page, /^address country/i, 'Norway');
};
let serial = 0;
/** A content item (0077): English title and text, shown to planners, a draft. */
const contentTitle = /^title \(english\)/i;
const fillContent = async (page: Page, name: string) => {
  await page.getByLabel(contentTitle).fill(name);
  await page.getByLabel(/^text \(english\)/i).fill('Walked by the browser test');
  await page.getByLabel('Planner', { exact: true }).check();
};

/** The walk's text keys: letters, digits and dots (a name has spaces). */
const textKey = () => `walk.text.${++serial}.${Date.now()}`;
/** What the walk set the first service's Important flag to (its mapping has no create). */
let important = false;

export const fillers: Record<AdminResourceName, Filler> = {
  'admin/departments/groups': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pickMany(page, /^departments/i);
    },
    shown: (name) => name,
  },
  'admin/departments': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pick(page, /^type/i, 'Parcel');
      await pick(page, /^country/i, 'Norway');
      await fillAddress(page);
      await page.getByLabel(/^organisation number/i).fill('974760673');
      await page.getByLabel(/^bank account/i).fill('8601 11 17947');
    },
    shown: (name) => name,
  },
  'admin/customers': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pick(page, /^department/i, /.+/);
      await fillAddress(page);
    },
    shown: (name) => name,
  },
  'admin/customerGroups': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pickMany(page, /^customers/i);
    },
    shown: (name) => name,
  },
  'admin/users': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await page.getByLabel(/^phone number/i).fill(`+479${String(1_000_000 + ++serial)}`);
      await pick(page, /^role\W*$/i, 'Planner');
      await chooseOption(page, page.getByRole('combobox', { name: /^departments/i }), /./, {
        multiple: true,
      });
    },
    shown: (name) => name,
  },
  'admin/user-roles': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await page.getByLabel(/^description/i).fill('Walked by the browser test');
      await page.getByLabel('Shipments', { exact: true }).check();
    },
    shown: (name) => name,
  },
  'admin/holidays': {
    fill: async (page) => {
      await pick(page, /^country/i, 'Finland');
      await pick(page, /^type/i, 'No pickups');
      await page.getByRole('group', { name: /^date/i }).click();
      await page.keyboard.type(`1503${2040 + ++serial}`);
    },
    shown: () => 'No pickups',
  },
  'admin/articles': {
    fill: async (page, name) => {
      await page.getByLabel(/^code/i).fill(`WALK-${++serial}`);
      await pick(page, /^kind/i, 'Freight');
      await page.getByLabel(/^name/i).fill(name);
    },
    shown: (name) => name,
  },
  'admin/priceLists': {
    fill: async (page, name) => {
      await pick(page, /^department/i, 'Helsinki Kuriiri');
      await page.getByLabel(/^name/i).fill(name);
      await page.getByLabel(/^valid from/i).fill('2026-01-01');
    },
    shown: (name) => name,
  },
  // A department's week (0078): a cut-off at the day's last minute leaves its bookings as
  // they were; the list shows it.
  'admin/production-time-window/weeks': {
    fill: async (page) => {
      await pick(page, /^department/i, /.+/);
      await page.getByRole('group', { name: /^same-day cut-off/i }).click();
      await page.keyboard.type('2359');
    },
    shown: () => '23:59',
  },
  // A production time window of its own year: the walk's windows never overlap.
  // Same-day home delivery (0092): a department's settings, set whole; the capacity shows.
  'admin/shd': {
    fill: async (page) => {
      await pick(page, /^department/i, /.+/);
      await page.getByLabel(/^orders per day/i).fill('777');
    },
    shown: () => '777',
  },
  // A vendor (0091): a Norwegian haulier of a department, its organisation number valid (mod 11).
  'admin/vendors': {
    fill: async (page, name) => {
      await pick(page, /^department/i, /.+/);
      await page.getByLabel(/^name/i).fill(name);
      await page.getByLabel(/^organisation number/i).fill('923609016');
    },
    shown: (name) => name,
  },
  'admin/production-time-window': {
    fill: async (page, name) => {
      await pick(page, /^department/i, /.+/);
      await page.getByLabel(/^name/i).fill(name);
      const year = 2040 + ++serial;
      await page.getByRole('group', { name: /^from date/i }).click();
      await page.keyboard.type(`0103${year}`);
      await page.getByRole('group', { name: /^to date/i }).click();
      await page.keyboard.type(`1503${year}`);
    },
    shown: (name) => name,
  },
  // A department matrix entry (0079) of Helsinki (Finnish codes have five digits), a range of
  // its own: the walk's entries never overlap.
  'admin/matrix': {
    fill: async (page, name) => {
      await pick(page, /^department/i, 'Helsinki Kuriiri');
      await page.getByLabel(/^name/i).fill(name);
      const from = 10_000 + 100 * ++serial;
      await page.getByLabel(/^from postal code/i).fill(String(from));
      await page.getByLabel(/^to postal code/i).fill(String(from + 99));
      await pickMany(page, /^services/i);
      await page.getByLabel('Tuesday', { exact: true }).check();
    },
    shown: (name) => name,
  },
  // Services and texts (0081): a label's text (its key has no spaces: the name is the English
  // wording), and a service's mapping, its Important flag flipped.
  'admin/services-and-texts': {
    fill: async (page, name) => {
      await pick(page, /^group/i, 'Labels');
      await page.getByLabel(/^key/i).fill(textKey());
      await page.getByLabel(/^text \(english\)/i).fill(name);
      await page.getByLabel(/^text \(norwegian\)/i).fill(`${name} på norsk`);
    },
    shown: (name) => name,
    nameLabel: /^text \(english\)/i,
  },
  'admin/services-and-texts/mapping': {
    fill: async (page) => {
      const box = page.locator('input[name="important"]');
      important = !(await box.isChecked());
      await box.setChecked(important);
      // A code template (0093): its expansion shows as it is typed.
      await page.getByLabel(/^code template/i).fill('WALK{W}{E}');
      await page.getByTestId('service-code-expansion').waitFor();
    },
    shown: () => '',
    reopened: async (page) => {
      await page
        .locator(`input[name="important"]${important ? ':checked' : ':not(:checked)'}`)
        .waitFor({ state: 'attached' });
      await page.locator('input[name="serviceCode"][value="WALK{W}{E}"]').waitFor();
    },
  },
  // An upsales rule (0087): the demo's signature offered with its freight, for light goods.
  'admin/services-and-texts/upsales': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pick(page, /^extra offered/i, /SIGN/);
      await pickMany(page, /^when booking services/i);
      await page.getByLabel(/^weight to/i).fill('30');
    },
    shown: (name) => name,
  },
  'admin/numberSeries': {
    fill: async (page, name) => {
      await page.getByLabel(/^name/i).fill(name);
      await pick(page, /^type/i, 'SSCC');
      await page.getByLabel(/company prefix/i).fill('7071234');
      const first = 100_000 * ++serial;
      await page.getByLabel(/^first serial/i).fill(String(first));
      await page.getByLabel(/^last serial/i).fill(String(first + 999));
    },
    shown: (name) => name,
  },
  'admin/cms/banners': {
    fill: async (page, name) => {
      await fillContent(page, name);
      await pick(page, /^level/i, 'Warning');
      await page.getByLabel(/^link/i).fill('https://status.example.com/walk');
    },
    shown: (name) => name,
    nameLabel: contentTitle,
  },
  'admin/cms/news': { fill: fillContent, shown: (name) => name, nameLabel: contentTitle },
  'admin/cms/helpModals': {
    fill: async (page, name) => {
      await chooseSuggestion(
        page,
        page.getByLabel(/^screen/i),
        '/admin/holidays',
        '/admin/holidays',
      );
      await fillContent(page, name);
    },
    shown: (name) => name,
    nameLabel: contentTitle,
  },
};

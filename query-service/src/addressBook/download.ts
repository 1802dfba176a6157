import {
  ADDRESSES_TABLE,
  AppError,
  CUSTOMERS_TABLE,
  DOWNLOAD_ADDRESSES_PATH,
  addressColumns,
  denial,
  downloadAddressesSchema,
  downloadPermissions,
  yesNoWords,
  type AddressFileLanguage,
  type AddressRow,
  type CustomerRow,
} from '@nordlog/contracts';
import { jsonBody, requestIdentity, validationError } from '@nordlog/platform';
import { once } from 'node:events';
import type { Request, Response, Router } from 'express';
import { allowedDepartments } from '../framework.js';
import { minPosition } from '../minPosition.js';
import type { QueryServiceDeps } from '../service.js';
import { scopeCustomers } from '../scopes.js';

/** Addresses read per page: a page is in memory at a time, never the whole book. */
const PAGE_ROWS = 2_000;

/** A saved address as a row of the file: the upload's columns, so the file goes back up as it is. */
export function addressCells(
  customer: CustomerRow,
  a: AddressRow,
  language: AddressFileLanguage = 'en',
): string[] {
  const [yes, no] = yesNoWords[language] ?? ['yes', 'no'];
  const values: Record<string, string> = {
    customerNumber: customer.alystraId,
    subcustomer: customer.alystraSubcustomer,
    code: a.code,
    usage: a.usage,
    name: a.block.name,
    address: a.block.address,
    zipCode: a.block.zipCode,
    zipArea: a.block.zipArea,
    country: a.block.countryCode,
    phone: a.block.phone ?? '',
    email: a.block.email ?? '',
    contactPerson: a.block.contactPerson,
    instructions: a.block.instructions,
    pickupPoint: a.pickupPoint ? yes : no,
  };
  return addressColumns.map((c) => values[c.key] ?? '');
}

/**
 * `POST /downloadCustomerAddresses {params: {customerNumber, subcustomer, language}}` (spec §7;
 * docs/decisions/0061-address-book.md): the customer's saved addresses that the caller may read,
 * as an xlsx file with the upload's columns, headed in the language asked for, by name. A
 * customer number the caller does not see (or no customer has) is not found (404).
 */
export function mountAddressDownload(router: Router, deps: QueryServiceDeps): void {
  router.post(
    DOWNLOAD_ADDRESSES_PATH,
    jsonBody('16kb'),
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      const refused = denial(identity, downloadPermissions[DOWNLOAD_ADDRESSES_PATH], 'query');
      if (refused) throw new AppError('NO_ACCESS', refused);
      const parsed = downloadAddressesSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const { customerNumber, subcustomer, language } = parsed.data.params;
      const customer = (await scopeCustomers(
        deps
          .knex(CUSTOMERS_TABLE)
          .whereRaw(`data->>'alystraId' = ?`, [customerNumber])
          .whereRaw(`coalesce(data->>'alystraSubcustomer', '') = ?`, [subcustomer])
          .orderBy('id')
          .first('data'),
        identity,
      )) as { data: CustomerRow } | undefined;
      if (!customer)
        throw new AppError(
          'NOT_FOUND',
          `No customer ${customerNumber}${subcustomer ? ` / ${subcustomer}` : ''} in your access`,
        );
      const departments = allowedDepartments(identity, undefined);
      const page = (afterId: string | null) => {
        const q = deps
          .knex(ADDRESSES_TABLE)
          .where({ customer_id: customer.data.id, deleted: false })
          .orderBy('id')
          .limit(PAGE_ROWS)
          .select('data');
        if (departments !== '*') q.whereIn('department_id', departments);
        if (afterId !== null) q.where('id', '>', afterId);
        return q as Promise<{ data: AddressRow }[]>;
      };
      const name = [customerNumber, subcustomer]
        .filter(Boolean)
        .join('-')
        .replace(/[^\w.-]+/g, '_');
      res.status(200).set({
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="addresses-${name}.xlsx"`,
        'Cache-Control': 'no-store',
      });
      const { stream } = (await import('exceljs')).default;
      const workbook = new stream.xlsx.WorkbookWriter({
        stream: res,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Addresses', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = addressColumns.map((c) => {
        const header = c.labels?.[language] ?? c.key;
        // Every cell is text: a postal code keeps its leading zero, a phone its plus.
        return {
          header,
          key: c.key,
          width: Math.max(12, header.length + 4),
          style: { numFmt: '@' },
        };
      });
      sheet.getRow(1).font = { bold: true };
      let after: string | null = null;
      for (;;) {
        const rows = await page(after);
        for (const { data } of rows)
          sheet.addRow(addressCells(customer.data, data, language)).commit();
        if (rows.length < PAGE_ROWS) break;
        after = rows[rows.length - 1]!.data.id;
        if (res.writableNeedDrain && !res.destroyed)
          await Promise.race([once(res, 'drain'), once(res, 'close')]);
        if (res.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    },
  );
}

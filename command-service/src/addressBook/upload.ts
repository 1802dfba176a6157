import {
  ADDRESS_UPLOAD_CONCURRENCY,
  ADDRESSES_TABLE,
  AppError,
  CUSTOMERS_TABLE,
  UPLOAD_ADDRESSES_PATH,
  addressColumns,
  commandIssues,
  createAddressSchema,
  denial,
  fillPayload,
  importPermissions,
  inScope,
  messageOf,
  rowIssues,
  uploadAddressesFieldsSchema,
  type AddressFields,
  type AddressRow,
  type AddressRowProblem,
  type AddressUploadResult,
  type CustomerRow,
  type ErrorItem,
  type Identity,
} from '@nordlog/contracts';
import { requestIdentity, validationError, type Knex } from '@nordlog/platform';
import type { Request, Router } from 'express';
import { createHash } from 'node:crypto';
import { executeCommand, type CommandServiceDeps } from '../service.js';
import { inParallel, namedUuid } from '../importing/jobs.js';
import { readSheet } from '../importing/read.js';
import { readUpload } from '../importing/upload.js';
import { headerColumns, rowValues } from '../importing/validate.js';

/**
 * `POST /uploadExcelAddresses (file, optional customerId)` (spec §7; docs/decisions/0061): the
 * rows of an xlsx or CSV file (the order import's reader and limits) saved in the address book,
 * all or none: every row is checked first, as the address form checks it, and a file with a
 * refused row saves nothing and answers 400 with each refused row (row, column, message key).
 * A row whose customer has a saved address of the same code (or, without a code, of the same
 * name and place) updates it; an equal one is left as it is; the others are created. Each row
 * is saved as its own command whose id is named by the file's bytes and the row, so the same
 * file sent again saves nothing twice.
 */
export function mountAddressUpload(
  router: Router,
  deps: { knex: Knex; command: CommandServiceDeps; identify?: (req: Request) => Identity },
): void {
  router.post(UPLOAD_ADDRESSES_PATH, async (req, res) => {
    const identity = (deps.identify ?? requestIdentity)(req);
    const refused = denial(identity, importPermissions.addresses, 'command');
    if (refused) throw new AppError('NO_ACCESS', refused);
    const upload = await readUpload(req);
    const fields = uploadAddressesFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw validationError(fields.error);
    const sheet = await readSheet(upload.file);
    const [header, ...data] = sheet.rows;
    if (!header)
      throw new AppError('VALIDATION_ERROR', 'The file has no rows', { key: 'import.empty' });
    const byIndex = headerColumns(header, addressColumns);
    const rows = data
      .map((r) => ({ row: r.row, values: rowValues(byIndex, r) }))
      .filter((r) => Object.values(r.values).some((v) => v !== ''));
    const checked = await checkAddressRows(deps.knex, identity, fields.data, rows);
    const problems = checked.flatMap((r) => r.problems);
    if (problems.length > 0) {
      // The error items' body, its one item carrying every refused row (params are flat values
      // elsewhere; this answer's rows are a list, so it is written here rather than thrown).
      const refusedRows = new Set(problems.map((p) => p.row)).size;
      res.status(400).json([
        {
          errorType: 'VALIDATION_ERROR',
          description: `${refusedRows} of ${rows.length} rows are refused; nothing was saved: correct them and upload the file again`,
          params: {
            key: 'addresses.rowsRefused',
            refused: refusedRows,
            rows: problems.slice(0, 1000),
          },
        },
      ]);
      return;
    }
    const fileId = createHash('sha256').update(upload.file).digest('hex');
    const result = await saveRows(deps, identity, fileId, checked);
    const answer: AddressUploadResult = {
      ...result,
      format: sheet.format,
      ...(sheet.encoding ? { encoding: sheet.encoding } : {}),
    };
    res.json(answer);
  });
}

interface CheckedAddress {
  row: number;
  fields: AddressFields;
  problems: AddressRowProblem[];
  /**
   * Whether the row says if the place is a pickup point: a file without the column (or with the
   * cell empty) leaves a saved address's flag as it is rather than clearing it.
   */
  pickupPointGiven?: boolean;
}

const problem = (row: number, column: string | null, key: string): AddressRowProblem => ({
  row,
  column,
  key,
  message: messageOf(key),
});

/** The rows' customers (by id, or by number and sub-customer) that the uploader may see. */
async function customersOf(
  knex: Knex,
  identity: Identity,
  customerId: string | undefined,
  rows: { values: Record<string, string> }[],
): Promise<{ byId: Map<string, CustomerRow>; byNumber: Map<string, CustomerRow> }> {
  const q = knex(CUSTOMERS_TABLE).select('data');
  if (customerId) q.where('id', customerId);
  else {
    const numbers = [...new Set(rows.map((r) => r.values.customerNumber ?? '').filter(Boolean))];
    if (numbers.length === 0) return { byId: new Map(), byNumber: new Map() };
    q.whereRaw(`data->>'alystraId' = any(?)`, [numbers]);
  }
  const found = ((await q) as { data: CustomerRow }[])
    .map((r) => r.data)
    .filter((c) => inScope(identity, c.departmentId, c.id));
  return {
    byId: new Map(found.map((c) => [c.id, c])),
    byNumber: new Map(found.map((c) => [numberKey(c.alystraId, c.alystraSubcustomer), c])),
  };
}

const numberKey = (number: string, sub: string) => `${number.trim()}\u0000${sub.trim()}`;

/** Every row checked as the address form checks it, with its customer and department. */
async function checkAddressRows(
  knex: Knex,
  identity: Identity,
  upload: { customerId?: string | undefined; departmentId?: string | undefined },
  rows: { row: number; values: Record<string, string> }[],
): Promise<CheckedAddress[]> {
  const customers = await customersOf(knex, identity, upload.customerId, rows);
  const codes = new Map<string, number>();
  return rows.map(({ row, values }) => {
    const customer = upload.customerId
      ? customers.byId.get(upload.customerId)
      : customers.byNumber.get(numberKey(values.customerNumber ?? '', values.subcustomer ?? ''));
    if (!customer)
      return {
        row,
        fields: {} as AddressFields,
        problems: [
          problem(
            row,
            upload.customerId ? null : 'customerNumber',
            values.customerNumber || upload.customerId
              ? 'validation.unknownId'
              : 'validation.required',
          ),
        ],
      };
    const departmentId = upload.departmentId ?? customer.departmentId;
    if (!departmentId)
      return {
        row,
        fields: {} as AddressFields,
        problems: [problem(row, 'customerNumber', 'validation.customerWithoutDepartment')],
      };
    const usage = values.usage?.trim().toUpperCase();
    const payload = fillPayload(
      addressColumns,
      { ...values, ...(usage ? { usage } : {}) },
      { departmentId, customerId: customer.id, block: {} },
    );
    const parsed = createAddressSchema.safeParse(payload);
    if (!parsed.success)
      return {
        row,
        fields: {} as AddressFields,
        problems: rowIssues(addressColumns, parsed.error).map((i) => ({ row, ...i })),
      };
    if (!inScope(identity, departmentId, customer.id))
      return { row, fields: parsed.data, problems: [problem(row, null, 'validation.unknownId')] };
    const code = parsed.data.code;
    if (code !== '') {
      const key = `${customer.id}\u0000${code}`;
      const first = codes.get(key);
      if (first !== undefined)
        return {
          row,
          fields: parsed.data,
          problems: [problem(row, 'code', 'validation.duplicateCode')],
        };
      codes.set(key, row);
    }
    return {
      row,
      fields: parsed.data,
      problems: [],
      pickupPointGiven: (values.pickupPoint ?? '') !== '',
    };
  });
}

/** What matches a row to a saved address of its customer: its code, else its name and place. */
const matchKey = (a: AddressFields) =>
  a.code !== ''
    ? `${a.customerId}\u0000code\u0000${a.code}`
    : [a.customerId, 'place', a.block.name, a.block.address, a.block.zipCode, a.block.countryCode]
        .map((v) => v.trim().toLowerCase())
        .join('\u0000');

/** The fields a file holds: equal to the saved ones where all of them are equal. */
const fileFields = (a: AddressFields) =>
  JSON.stringify([
    a.departmentId,
    a.usage,
    a.code,
    a.pickupPoint,
    ...(
      [
        'name',
        'address',
        'zipCode',
        'zipArea',
        'countryCode',
        'phone',
        'email',
        'contactPerson',
        'instructions',
      ] as const
    ).map((f) => a.block[f] ?? ''),
  ]);

async function saveRows(
  deps: { knex: Knex; command: CommandServiceDeps },
  identity: Identity,
  fileId: string,
  rows: CheckedAddress[],
): Promise<Omit<AddressUploadResult, 'format' | 'encoding'>> {
  const customerIds = [...new Set(rows.map((r) => r.fields.customerId))];
  const saved = (
    await deps
      .knex(ADDRESSES_TABLE)
      .whereIn('customer_id', customerIds)
      .where('deleted', false)
      .orderBy('id')
      .select<{ data: AddressRow }[]>('data')
  ).map((r) => r.data);
  const existing = new Map<string, AddressRow>();
  for (const a of saved) if (!existing.has(matchKey(a))) existing.set(matchKey(a), a);
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const failed: AddressRowProblem[] = [];
  await inParallel(rows, ADDRESS_UPLOAD_CONCURRENCY, async (checked) => {
    const { row, pickupPointGiven } = checked;
    const before = existing.get(matchKey(checked.fields));
    const fields =
      before && !pickupPointGiven
        ? { ...checked.fields, pickupPoint: before.pickupPoint ?? false }
        : checked.fields;
    if (before && fileFields(before) === fileFields(fields)) {
      unchanged++;
      return;
    }
    const [name, payload] = before
      ? (['UPDATE_ADDRESS', { ...fields, id: before.id }] as const)
      : (['CREATE_ADDRESS', fields] as const);
    const commandId = namedUuid(`address upload ${fileId} ${row}`);
    let result: { status: number; body: unknown };
    try {
      result = await executeCommand(deps.command, {
        name,
        identity,
        body: { type: name, payload, commandId },
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result = { status: err.status, body: err.items };
    }
    if (result.status === 200) {
      if (before) updated++;
      else created++;
      return;
    }
    for (const issue of commandIssues(addressColumns, result.body as ErrorItem[]))
      failed.push({ row, ...issue });
  });
  failed.sort((a, b) => a.row - b.row);
  return { total: rows.length, created, updated, unchanged, failed };
}

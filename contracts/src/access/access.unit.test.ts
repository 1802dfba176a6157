import { describe, expect, it } from '@jest/globals';
import { accessFlags, adminFlags, defaultAccess, plannerFlags, productFlags } from './flags.js';
import { requestTokenSchema } from '../auth/index.js';
import { phoneNumber } from '../users/index.js';
import {
  isValidPhone,
  isValidPhonePrefix,
  normalisePhone,
  phoneProblem,
  type PhoneProblem,
} from './phone.js';
import { isAdminOrPlanner, isElevated, isPlannerType, isRestricted, roles } from './roles.js';
import { allows, routeRules } from './routeAccess.js';

describe('roles and groups', () => {
  it('S6-ROLE-001 the roles are the seven of the spec plus the accounting role', () => {
    expect(roles).toEqual([
      'ADMIN',
      'PLANNER',
      'READ_ONLY_PLANNER',
      'CUSTOMER',
      'PLUS_PLANNER',
      'PARTNER',
      'COURIER',
      'ACCOUNTING',
    ]);
  });
  it('S6-ROLE-003 planner-type is PLANNER, PLUS_PLANNER and PARTNER', () => {
    expect(roles.filter(isPlannerType)).toEqual(['PLANNER', 'PLUS_PLANNER', 'PARTNER']);
  });
  it('S6-ROLE-004 admin-or-planner is ADMIN plus the planner-type roles', () => {
    expect(roles.filter(isAdminOrPlanner)).toEqual(['ADMIN', 'PLANNER', 'PLUS_PLANNER', 'PARTNER']);
  });
  it('S6-ROLE-005 elevated is ADMIN and PLUS_PLANNER', () => {
    expect(roles.filter(isElevated)).toEqual(['ADMIN', 'PLUS_PLANNER']);
  });
  it('S6-ROLE-007 READ_ONLY_PLANNER is in no group; COURIER is the restricted role', () => {
    for (const check of [isPlannerType, isAdminOrPlanner, isElevated])
      expect(check('READ_ONLY_PLANNER')).toBe(false);
    expect(roles.filter(isRestricted)).toEqual(['COURIER']);
  });
});

describe('access flags', () => {
  it('S6-FLAG-001 S6-FLAG-002 S6-FLAG-003 S6-FLAG-004 S6-FLAG-005 S6-FLAG-006 S6-FLAG-007 S6-FLAG-008 S6-FLAG-009 S6-FLAG-010 S6-FLAG-011 S6-FLAG-012 S6-FLAG-013 S6-FLAG-014 S6-FLAG-015 S6-FLAG-016 S6-FLAG-017 S6-FLAG-018 S6-FLAG-019 S6-FLAG-020 S6-FLAG-021 S6-FLAG-022 S6-FLAG-023 S6-FLAG-024 S6-FLAG-025 S6-FLAG-026 S6-FLAG-027 S6-FLAG-028 S6-FLAG-029 S6-FLAG-030 S6-FLAG-031 S6-FLAG-032 S6-FLAG-033 S6-FLAG-034 S6-FLAG-035 S6-FLAG-036 S6-FLAG-037 S6-FLAG-038 S6-FLAG-039 are the 21 admin and 18 planner flags of the spec, each once', () => {
    expect(adminFlags).toHaveLength(21);
    expect(plannerFlags).toHaveLength(18);
    expect(new Set(accessFlags).size).toBe(39 + productFlags.length);
  });
  it('every flag opens at least one route, and every route rule names known flags', () => {
    const used = new Set(routeRules.flatMap((r) => r.flags));
    for (const flag of accessFlags.filter(
      (f) => f !== 'PLANNER_IMPORT_EXPORT_EXTENDED' && f !== 'ADMIN_CUSTOMER_ALL',
    ))
      expect(used).toContain(flag);
    for (const rule of routeRules) for (const f of rule.flags) expect(accessFlags).toContain(f);
  });
  it('S6-ROLE-002 the accounting role starts with invoicing access; ADMIN with every flag', () => {
    expect(defaultAccess.ACCOUNTING).toContain('PLANNER_INVOICING');
    expect([...defaultAccess.ADMIN].sort()).toEqual([...accessFlags].sort());
    expect(defaultAccess.COURIER).toEqual([]);
  });
});

describe('route access (spec §6)', () => {
  const rule = (path: string) => routeRules.find((r) => r.path === path)!;
  it('S6-ROLE-010 a route allows a user with any one of its flags', () => {
    expect(
      allows(
        { flags: ['ADMIN_CMS_BANNERS', 'ADMIN_CMS_WHATS_THIS_MODALS'] },
        { role: 'ADMIN', access: ['ADMIN_CMS_WHATS_THIS_MODALS'] },
      ),
    ).toBe(true);
    expect(
      allows({ flags: ['ADMIN_CMS_BANNERS'] }, { role: 'ADMIN', access: ['ADMIN_USERS'] }),
    ).toBe(false);
  });
  it('S6-ROLE-011 when roles are listed the role must be among them', () => {
    expect(
      allows(
        { flags: ['PLANNER_SHIPMENTS'], roles: ['ADMIN'] },
        { role: 'PLANNER', access: ['PLANNER_SHIPMENTS'] },
      ),
    ).toBe(false);
    expect(
      allows(
        { flags: ['PLANNER_SHIPMENTS'], roles: ['ADMIN'] },
        { role: 'ADMIN', access: ['PLANNER_SHIPMENTS'] },
      ),
    ).toBe(true);
  });
  it('S6-ROLE-013 S6-ROLE-014 S6-ROLE-015 simple search, advanced search and reports allow ADMIN only', () => {
    for (const path of [
      '/planner/simple-search/:shipmentId?',
      '/planner/advanced-search/:searchPhrase?',
      '/reports/*',
    ]) {
      expect(allows(rule(path), { role: 'ADMIN', access: [] })).toBe(true);
      expect(allows(rule(path), { role: 'PLANNER', access: [...plannerFlags] })).toBe(false);
    }
  });
  it('S6-FLAG-030 invoicing needs PLANNER_INVOICING', () => {
    const invoicing = rule('/planner/:departmentId/invoicing/*');
    expect(allows(invoicing, { role: 'PLANNER', access: ['PLANNER_SHIPMENTS'] })).toBe(false);
    expect(allows(invoicing, { role: 'ACCOUNTING', access: [...defaultAccess.ACCOUNTING] })).toBe(
      true,
    );
  });
});

describe('phone numbers (spec §5)', () => {
  it('S5-VAL-010 digits, spaces, dashes and a leading plus only', () => {
    expect(isValidPhone('+47 22-33 44 55')).toBe(true);
    expect(isValidPhone('22+33')).toBe(false);
    expect(isValidPhone('abc')).toBe(false);
  });
  it('S5-VAL-011 a prefix starts with + or 00', () => {
    expect(isValidPhonePrefix('+46')).toBe(true);
    expect(isValidPhonePrefix('0046')).toBe(true);
    expect(isValidPhonePrefix('46')).toBe(false);
  });
  it('S5-VAL-012 a number without + or 00 gets +47; others keep their country', () => {
    expect(normalisePhone('22334455')).toBe('+4722334455');
    expect(normalisePhone('+4622334455')).toBe('+4622334455');
    expect(normalisePhone('0046 22-33 44 55')).toBe('+4622334455');
  });
});

describe('phone numbers per country (issue 13: one rule for users, login and order blocks)', () => {
  it('S5-VAL-010 NO and DK 8 digits, SE 7-9 and FI 5-12 after a trunk 0, others 8-15 digits in all', () => {
    const cases: [string, PhoneProblem | null][] = [
      ['+47 12', 'NO'],
      ['+47 1234567', 'NO'],
      ['+47 22 33 44 55', null],
      ['22334455', null],
      ['223344556', 'NO'],
      ['+46 123456', 'SE'],
      ['+46 1234567', null],
      ['+46 070-123 45 67', null],
      ['+46 1234567890', 'SE'],
      ['+45 1234567', 'DK'],
      ['0045 12 34 56 78', null],
      ['+358 1234', 'FI'],
      ['+358 040 1234567', null],
      ['+358 1234567890123', 'FI'],
      ['+44 20 7946 0958', null],
      ['+49 123', 'format'],
      ['+1 234 567 890 123 456', 'format'],
      ['+0 12345678', 'format'],
      ['22+33', 'format'],
      ['abc', 'format'],
      ['', 'format'],
    ];
    for (const [value, problem] of cases)
      expect({ value, problem: phoneProblem(value) }).toEqual({ value, problem });
    expect(isValidPhone('+47 12')).toBe(false);
  });
  it('S5-VAL-012 a Swedish or Finnish trunk 0 is dropped when stored; other numbers keep every digit', () => {
    expect(normalisePhone('+46 070-123 45 67')).toBe('+46701234567');
    expect(normalisePhone('00358 040 1234567')).toBe('+358401234567');
    expect(normalisePhone('+4701234567')).toBe('+4701234567');
  });
  it('users and the login form use the same rule as the order blocks', () => {
    expect(phoneNumber.safeParse('+47 12').error?.issues[0]?.message).toBe('validation.phoneNO');
    expect(phoneNumber.parse('912 34 567')).toBe('+4791234567');
    expect(requestTokenSchema.safeParse({ phoneNumber: '+47 12' }).success).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { codedGoodsByCode, presetById, type ServiceText } from '@nordlog/contracts';
import { lineFromGoods } from './GoodsCodeField';
import { emptyForm, emptyLine, lineFromPreset } from './formModel';
import { formServiceCode } from './serviceCode';

const service = (code: string, serviceCode: string | null): ServiceText => ({
  group: 'SERVICE',
  articleId: code,
  articleCode: code,
  key: code,
  label: code,
  active: true,
  text: null,
  important: false,
  serviceCode,
});

describe('the booking form: coded goods and the resolved service code (docs/decisions/0093)', () => {
  it('S3-ENT-013 a picked coded goods entry fills weight, L/W/H, palletFootPrints and loadingMeters', () => {
    const line = lineFromGoods(codedGoodsByCode('FIN')!, emptyLine());
    expect(line).toMatchObject({
      packageTypeCode: 'FIN',
      weight: '400',
      length: '120',
      width: '100',
      height: '150',
      palletFootPrints: '1.25',
      loadingMeters: '0.5',
    });
    // A generic preset picked after replaces the goods' code; another package type code stays.
    expect(lineFromPreset(presetById('smallbox')!, line).packageTypeCode).toBe('');
    expect(
      lineFromPreset(presetById('smallbox')!, { ...line, packageTypeCode: 'CT' }).packageTypeCode,
    ).toBe('CT');
  });

  it('S5-VAL-075 S5-VAL-076 the form shows the code the server will give: bracket and evening suffix', () => {
    const v = emptyForm('1', 'NO', '2026-12-04');
    v.serviceId = 'HD';
    v.measurements = [{ ...emptyLine(), weight: '60', quantity: '2' }];
    const services = [service('HD', 'HD{W}{E}'), service('EXP', null)];
    expect(formServiceCode(services, v)).toEqual({ code: 'HD150-D' });
    expect(formServiceCode(services, { ...v, deliveryTimeEarliest: '18:00' })).toEqual({
      code: 'HD150-E',
    });
    expect(
      formServiceCode(services, {
        ...v,
        measurements: [{ ...emptyLine(), weight: '9000', quantity: '1' }],
      }),
    ).toEqual({ overweight: true });
    expect(formServiceCode(services, { ...v, serviceId: 'EXP' })).toBeNull();
    expect(formServiceCode([], v)).toBeNull();
  });
});

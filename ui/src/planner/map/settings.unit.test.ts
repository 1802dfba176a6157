import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CENTRES } from './constants';
import {
  defaultCentre,
  defaultMapSettings,
  isPosition,
  readSettings,
  settingsKey,
  writeSettings,
} from './settings';

describe('map settings', () => {
  it('S2-SCREEN-053 S9-CONST-045: the default settings have autoPan and a position {lat, lng, zoom} at zoom 12', () => {
    const settings = defaultMapSettings('NO');
    expect(settings).toEqual({
      autoPan: false,
      position: { lat: 59.911525, lng: 10.75425, zoom: 12 },
    });
    expect(readSettings(null, '1', 'NO')).toEqual(settings);
  });

  it('S9-CONST-049 S9-CONST-050: the default centres of Norway, Sweden and Finland; Norway for anything else', () => {
    expect(DEFAULT_CENTRES.NO).toEqual({ lat: 59.911525, lng: 10.75425 });
    expect(DEFAULT_CENTRES.SE).toEqual({ lat: 59.336043, lng: 18.072772 });
    expect(DEFAULT_CENTRES.FI).toEqual({ lat: 60.167335, lng: 24.950519 });
    expect(defaultCentre('SE')).toEqual(DEFAULT_CENTRES.SE);
    expect(defaultCentre('FI')).toEqual(DEFAULT_CENTRES.FI);
    // Denmark: our choice (the spec gives none), in Copenhagen.
    expect(defaultCentre('DK').lat).toBeCloseTo(55.68, 1);
    for (const other of [null, undefined, '', 'GB', 'IS', 'toString'])
      expect(defaultCentre(other)).toEqual(DEFAULT_CENTRES.NO);
  });

  it('keeps autoPan per user and the position per department, other departments untouched', () => {
    let raw = writeSettings(null, '1', { position: { lat: 59.9, lng: 10.7, zoom: 14 } });
    raw = writeSettings(raw, '2', { position: { lat: 59.3, lng: 18.1, zoom: 11 } });
    raw = writeSettings(raw, '1', { autoPan: true });
    expect(readSettings(raw, '1', 'NO')).toEqual({
      autoPan: true,
      position: { lat: 59.9, lng: 10.7, zoom: 14 },
    });
    expect(readSettings(raw, '2', 'SE')).toEqual({
      autoPan: true,
      position: { lat: 59.3, lng: 18.1, zoom: 11 },
    });
    // A department never moved starts at its country's centre.
    expect(readSettings(raw, 'group_1', 'FI').position).toEqual({
      ...DEFAULT_CENTRES.FI,
      zoom: 12,
    });
    expect(settingsKey('7')).toBe('nordlog.map.7');
  });

  it('stores positions rounded to six decimals and whole zooms', () => {
    const raw = writeSettings(null, '1', {
      position: { lat: 59.123456789, lng: 10.987654321, zoom: 13.4 },
    });
    expect(readSettings(raw, '1', 'NO').position).toEqual({
      lat: 59.123457,
      lng: 10.987654,
      zoom: 13,
    });
  });

  it('replaces what is not valid by the default, part by part', () => {
    const defaults = defaultMapSettings('SE');
    for (const raw of ['', 'not json', '[]', 'null', '42', '{"autoPan":"yes"}'])
      expect(readSettings(raw, '1', 'SE')).toEqual(defaults);
    const bad = [
      { lat: 91, lng: 10, zoom: 12 },
      { lat: 59, lng: -181, zoom: 12 },
      { lat: 59, lng: 10, zoom: 12.5 },
      { lat: 59, lng: 10, zoom: 30 },
      { lat: '59', lng: 10, zoom: 12 },
      { lat: null, lng: 10, zoom: 12 },
    ];
    for (const position of bad) {
      expect(isPosition(position)).toBe(false);
      const raw = JSON.stringify({ autoPan: true, positions: { '1': position } });
      expect(readSettings(raw, '1', 'SE')).toEqual({ ...defaults, autoPan: true });
    }
  });
});

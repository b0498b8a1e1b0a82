import { describe, expect, it } from 'vitest';
import {
  centroidOf,
  parseDistrictTable,
  POSTCODE_DISTRICTS_FILE,
  readDistrictTable,
} from './postcode-districts';

describe('postcode districts', () => {
  it('knows the districts of the cities we serve', () => {
    const leith = centroidOf('EH6');
    expect(leith?.lat).toBeCloseTo(55.974, 2);
    expect(leith?.lon).toBeCloseTo(-3.17, 2);
    const newcastle = centroidOf('NE1');
    expect(newcastle?.lat).toBeCloseTo(54.98, 2);
    expect(newcastle?.lon).toBeCloseTo(-1.627, 2);
  });

  it('does not know a district that is not in the table, nor one written differently', () => {
    expect(centroidOf('ZZ9')).toBeUndefined();
    expect(centroidOf('EH100')).toBeUndefined();
    expect(centroidOf('')).toBeUndefined();
    expect(centroidOf('eh6')).toBeUndefined();
  });

  it('has every district of the table, each once', () => {
    const table = readDistrictTable(POSTCODE_DISTRICTS_FILE);
    expect(table.size).toBe(2973);
    for (const { lat, lon } of table.values()) {
      expect(lat).toBeGreaterThan(49);
      expect(lon).toBeLessThan(2.5);
    }
  });

  it('names the line of a row it cannot read', () => {
    const header = 'outcode,latitude,longitude\n';
    expect(parseDistrictTable(`${header}EH6,55.97,-3.17\r\nNE1,54.98,-1.63\n\n`, 'f').size).toBe(2);
    expect(() => parseDistrictTable(`${header}EH6,55.97,-3.17\nNE1,,-1.63\n`, 'f')).toThrow(
      'f:3: latitude and longitude must be decimal numbers: "NE1,,-1.63"',
    );
    expect(() => parseDistrictTable(`${header}EH6,abc,-3.17\n`, 'f')).toThrow(/^f:2: /);
    expect(() => parseDistrictTable(`${header}EH6,0,0\n`, 'f')).toThrow(
      'f:2: not a position in the UK',
    );
    expect(() => parseDistrictTable(`${header}EH6,55.97\n`, 'f')).toThrow('f:2: expected');
    expect(() => parseDistrictTable(`${header}EH6,55.97,-3.17\nEH6,55.9,-3.1\n`, 'f')).toThrow(
      'f:3: EH6 appears twice',
    );
    expect(() => parseDistrictTable('EH6,55.97,-3.17\n', 'f')).toThrow('f:1: the first line');
  });
});

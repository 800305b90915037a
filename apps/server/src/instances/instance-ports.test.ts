import { describe, expect, it } from 'vitest';
import { INSTANCES_MAX, instancePortsFrom } from './instance-ports.js';

describe('instance ports', () => {
  it('takes a list, or a count of consecutive ports from a base', () => {
    expect(instancePortsFrom({ INSTANCE_PORTS: '9001, 9003' })).toEqual([9001, 9003]);
    expect(instancePortsFrom({ INSTANCES: '3', INSTANCE_BASE_PORT: '7000' })).toEqual([
      7000, 7001, 7002,
    ]);
  });

  it('refuses a bad port, a repeated port and too many instances', () => {
    expect(() => instancePortsFrom({ INSTANCE_PORTS: '9001,eighty' })).toThrow('not a port');
    expect(() => instancePortsFrom({ INSTANCE_PORTS: '9001,9001' })).toThrow('must differ');
    expect(() => instancePortsFrom({ INSTANCES: String(INSTANCES_MAX + 1) })).toThrow('instances');
    expect(() => instancePortsFrom({ INSTANCES: '0' })).toThrow('instances');
  });
});

/**
 * A tiny writer of MaxMind DB files (format 2.0, https://maxmind.github.io/MaxMind-DB/), for
 * tests only: an IPv4 search tree with 32-bit records, a data section of country records and
 * the metadata after the "\xAB\xCD\xEFMaxMind.com" marker. Enough for the `maxmind` reader.
 */

const METADATA_MARKER = Buffer.concat([
  Buffer.from([0xab, 0xcd, 0xef]),
  Buffer.from('MaxMind.com', 'ascii'),
]);
const DATA_SECTION_SEPARATOR_BYTES = 16;
const RECORD_SIZE_BITS = 32;
const NODE_BYTES = (RECORD_SIZE_BITS * 2) / 8;
const IPV4_BITS = 32;

// Data field types (the control byte's top three bits; 8 and above are "extended").
const TYPE_UTF8 = 2;
const TYPE_UINT16 = 5;
const TYPE_UINT32 = 6;
const TYPE_MAP = 7;
const TYPE_UINT64 = 9;
const TYPE_ARRAY = 11;

type DataValue =
  | string
  | { uint: number; bits: 16 | 32 | 64 }
  | DataValue[]
  | { [key: string]: DataValue };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('test writer: sizes above 28 are not supported');
  if (type <= 7) return Buffer.from([(type << 5) | size]);
  return Buffer.from([size, type - 7]);
}

function encode(value: DataValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE_UTF8, bytes.length), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([control(TYPE_ARRAY, value.length), ...value.map(encode)]);
  }
  if ('uint' in value && typeof value.uint === 'number') {
    const type = value.bits === 16 ? TYPE_UINT16 : value.bits === 32 ? TYPE_UINT32 : TYPE_UINT64;
    const bytes: number[] = [];
    let rest = value.uint;
    while (rest > 0) {
      bytes.unshift(rest % 256);
      rest = Math.floor(rest / 256);
    }
    return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
  }
  const entries = Object.entries(value as Record<string, DataValue>);
  return Buffer.concat([
    control(TYPE_MAP, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

function ipv4Bits(address: string): number {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !(part >= 0 && part <= 255))) {
    throw new Error(`not an IPv4 address: ${address}`);
  }
  return parts.reduce((sum, part) => sum * 256 + part, 0);
}

/** `{ '203.0.113.0/24': 'VN' }`: each network answers `{country: {iso_code}}`. */
export function buildCountryMmdb(networks: Record<string, string>): Buffer {
  // Tree nodes: each record is another node's index, a data marker, or empty (-1).
  const nodes: Array<[number | { data: number }, number | { data: number }]> = [[-1, -1]];
  const dataParts: Buffer[] = [];
  let dataLength = 0;

  for (const [network, country] of Object.entries(networks)) {
    const [address = '', prefixText = ''] = network.split('/');
    const prefix = Number(prefixText);
    if (!(prefix >= 1 && prefix <= IPV4_BITS)) throw new Error(`bad prefix in ${network}`);
    const bits = ipv4Bits(address);
    const record = encode({ country: { iso_code: country } });
    const data = { data: dataLength };
    dataParts.push(record);
    dataLength += record.length;

    let node = 0;
    for (let depth = 0; depth < prefix; depth += 1) {
      const bit = Math.floor(bits / 2 ** (IPV4_BITS - 1 - depth)) % 2;
      const current = nodes[node] as [number | { data: number }, number | { data: number }];
      if (depth === prefix - 1) {
        current[bit] = data;
        break;
      }
      const next = current[bit];
      if (typeof next === 'number' && next >= 0) {
        node = next;
      } else {
        if (typeof next === 'object') throw new Error(`${network} lies inside another network`);
        nodes.push([-1, -1]);
        current[bit] = nodes.length - 1;
        node = nodes.length - 1;
      }
    }
  }

  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * NODE_BYTES);
  nodes.forEach((records, index) => {
    records.forEach((record, side) => {
      // Empty records point at node_count; data records past it, by their data offset.
      const value =
        typeof record === 'object'
          ? nodeCount + DATA_SECTION_SEPARATOR_BYTES + record.data
          : record < 0
            ? nodeCount
            : record;
      tree.writeUInt32BE(value, index * NODE_BYTES + side * 4);
    });
  });

  const metadata = encode({
    binary_format_major_version: { uint: 2, bits: 16 },
    binary_format_minor_version: { uint: 0, bits: 16 },
    build_epoch: { uint: Math.floor(Date.now() / 1000), bits: 64 },
    database_type: 'Test-Country',
    description: { en: 'test countries' },
    ip_version: { uint: 4, bits: 16 },
    languages: ['en'],
    node_count: { uint: nodeCount, bits: 32 },
    record_size: { uint: RECORD_SIZE_BITS, bits: 16 },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(DATA_SECTION_SEPARATOR_BYTES),
    ...dataParts,
    METADATA_MARKER,
    metadata,
  ]);
}

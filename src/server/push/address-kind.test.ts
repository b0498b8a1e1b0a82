import { describe, expect, it } from 'vitest';
import { nonPublicAddressKind } from './address-kind';

const kinds = (addresses: string[]) => addresses.map((a) => [a, nonPublicAddressKind(a)]);
const all = (addresses: string[], kind: string | null) => addresses.map((a) => [a, kind]);

describe('nonPublicAddressKind: IPv4', () => {
  it('passes public unicast addresses, up to the edges of the ranges around them', () => {
    const publicOnes = [
      '8.8.8.8',
      '142.250.187.234', // fcm.googleapis.com at some point
      '9.255.255.255', // just below 10/8
      '11.0.0.0', // just above it
      '100.63.255.255', // just below 100.64/10
      '100.128.0.0', // just above it
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255', // just below 172.16/12
      '172.32.0.0', // just above it
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255', // the last before multicast
    ];
    expect(kinds(publicOnes)).toEqual(all(publicOnes, null));
  });

  it('names loopback, private, shared, link-local and the rest', () => {
    expect(
      kinds([
        '127.0.0.1',
        '127.255.255.254',
        '10.0.0.1',
        '10.255.255.255',
        '172.16.0.1',
        '172.31.255.255',
        '192.168.1.1',
        '100.64.0.1',
        '100.127.255.255',
        '169.254.169.254', // the cloud metadata service
        '0.0.0.0',
        '0.1.2.3',
        '224.0.0.1',
        '239.255.255.250',
        '255.255.255.255',
        '240.0.0.1',
        '192.0.2.10',
        '198.51.100.7',
        '203.0.113.9',
        '198.18.0.1',
        '198.19.255.255',
        '192.0.0.8',
        '192.88.99.1',
      ]),
    ).toEqual([
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'shared'],
      ['100.127.255.255', 'shared'],
      ['169.254.169.254', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.10', 'documentation'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['198.19.255.255', 'benchmarking'],
      ['192.0.0.8', 'reserved'],
      ['192.88.99.1', 'reserved'],
    ]);
  });
});

describe('nonPublicAddressKind: IPv6', () => {
  it('passes global unicast addresses', () => {
    const publicOnes = [
      '2a00:1450:4009:81f::200a', // a Google front end
      '2606:4700::6810:84e5',
      '2001:4860:4860::8888', // outside 2001::/23
      '2c0f:fb50:4003::1',
      '3ffe:ffff::1', // just below 3fff::/20
    ];
    expect(kinds(publicOnes)).toEqual(all(publicOnes, null));
  });

  it('names loopback, unspecified, link-local, unique-local, multicast and the rest', () => {
    expect(
      kinds([
        '::1',
        '0:0:0:0:0:0:0:1',
        '::',
        'fe80::1',
        'febf:ffff::1',
        'fe80::1%eth0',
        '[fe80::1]',
        'fc00::1',
        'fd12:3456:789a::1',
        'fec0::1',
        'ff02::1',
        'ff05::1:3',
        '2001:db8::1',
        '3fff::1',
        '2001:2::1',
        '2001::1', // Teredo
        '2001:10::1', // ORCHID
        '100::1', // discard-only
        '64:ff9b:1::1', // local-use NAT64
        '5f00::1',
        '::2', // IPv4-compatible, deprecated
        '1::1',
        '4000::1',
      ]),
    ).toEqual([
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['[fe80::1]', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456:789a::1', 'unique-local'],
      ['fec0::1', 'private'],
      ['ff02::1', 'multicast'],
      ['ff05::1:3', 'multicast'],
      ['2001:db8::1', 'documentation'],
      ['3fff::1', 'documentation'],
      ['2001:2::1', 'benchmarking'],
      ['2001::1', 'reserved'],
      ['2001:10::1', 'reserved'],
      ['100::1', 'reserved'],
      ['64:ff9b:1::1', 'reserved'],
      ['5f00::1', 'reserved'],
      ['::2', 'reserved'],
      ['1::1', 'reserved'],
      ['4000::1', 'reserved'],
    ]);
  });

  it('judges an IPv6 address that carries an IPv4 one by that IPv4 address', () => {
    expect(
      kinds([
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::FFFF:7F00:0001',
        '0:0:0:0:0:ffff:a9fe:a9fe', // 169.254.169.254
        '::ffff:10.1.2.3',
        '::ffff:192.168.0.1',
        '::ffff:0.0.0.0',
        '64:ff9b::127.0.0.1', // NAT64
        '64:ff9b::a00:1',
        '2002:7f00:1::1', // 6to4 of 127.0.0.1
        '2002:c0a8:101::', // 6to4 of 192.168.1.1
        '::ffff:8.8.8.8',
        '64:ff9b::808:808',
        '2002:808:808::1',
      ]),
    ).toEqual([
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::FFFF:7F00:0001', 'loopback'],
      ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:192.168.0.1', 'private'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['64:ff9b::a00:1', 'private'],
      ['2002:7f00:1::1', 'loopback'],
      ['2002:c0a8:101::', 'private'],
      ['::ffff:8.8.8.8', null],
      ['64:ff9b::808:808', null],
      ['2002:808:808::1', null],
    ]);
  });

  it('refuses anything that is not an address at all', () => {
    expect(kinds(['localhost', '', '1.2.3', '1.2.3.256', '::g', '0x7f.1'])).toEqual(
      all(['localhost', '', '1.2.3', '1.2.3.256', '::g', '0x7f.1'], 'not-an-address'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './push-endpoint';

const production = {
  serviceHosts: ['fcm.googleapis.com', 'push.services.mozilla.com'],
  allowLocalEndpoints: false,
};
const staging = { serviceHosts: null, allowLocalEndpoints: false };
const local = { serviceHosts: null, allowLocalEndpoints: true };

describe('pushEndpointProblem', () => {
  it('accepts the push services and their subdomains over https in production', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    expect(
      pushEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', production),
    ).toBeNull();
  });

  it('refuses other hosts, look-alikes and plain http in production', () => {
    expect(pushEndpointProblem('https://169.254.169.254/latest', production)).toMatch(/link-local/);
    expect(pushEndpointProblem('https://evilfcm.googleapis.com.example/x', production)).toMatch(
      /not one/,
    );
    expect(pushEndpointProblem('https://xfcm.googleapis.com/x', production)).toMatch(/not one/);
    expect(pushEndpointProblem('http://fcm.googleapis.com/x', production)).toMatch(/https/);
  });

  it('accepts any public https host outside production', () => {
    expect(pushEndpointProblem('https://push.example.com/send/1', staging)).toBeNull();
    expect(pushEndpointProblem('https://push.example.com:443/send/1', staging)).toBeNull();
    expect(pushEndpointProblem('https://8.8.8.8/x', staging)).toBeNull();
    expect(pushEndpointProblem('https://[2a00:1450:4009:81f::200a]/x', staging)).toBeNull();
  });

  it('refuses plain http, other ports and credentials in every environment', () => {
    for (const policy of [staging, production]) {
      expect(pushEndpointProblem('http://push.example.com/x', policy)).toBe(
        'The push endpoint must be https.',
      );
      expect(pushEndpointProblem('ftp://push.example.com/x', policy)).toMatch(/https/);
      expect(pushEndpointProblem('https://fcm.googleapis.com:8443/x', policy)).toMatch(
        /standard https port/,
      );
      expect(pushEndpointProblem('https://u:p@fcm.googleapis.com/x', policy)).toMatch(/password/);
    }
  });

  it('refuses loopback, private, link-local and other non-public addresses, however written', () => {
    const refused: [string, RegExp][] = [
      ['https://127.0.0.1/push', /127\.0\.0\.1 is a loopback address/],
      ['https://2130706433/push', /127\.0\.0\.1 is a loopback/], // the URL parser's decimal form
      ['https://0x7f.1/push', /127\.0\.0\.1 is a loopback/],
      ['https://[::1]/push', /::1 is a loopback/],
      ['https://[::ffff:127.0.0.1]/push', /loopback/],
      ['https://10.0.0.5/push', /private-network/],
      ['https://172.20.1.1/push', /private-network/],
      ['https://192.168.0.10/push', /private-network/],
      ['https://100.64.1.1/push', /carrier-grade NAT/],
      ['https://169.254.169.254/latest/meta-data', /link-local/],
      ['https://[fe80::1]/push', /link-local/],
      ['https://[fd00::1]/push', /unique-local/],
      ['https://0.0.0.0/push', /unspecified/],
      ['https://224.0.0.1/push', /multicast/],
    ];
    for (const [endpoint, problem] of refused) {
      expect(pushEndpointProblem(endpoint, staging), endpoint).toMatch(problem);
      expect(pushEndpointProblem(endpoint, production), endpoint).toMatch(problem);
    }
  });

  it('refuses names that only mean something locally', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'push.localhost',
      'printer.local',
      'router.home.arpa',
      'metadata.google.internal',
      'box.localdomain',
      'intranet',
    ]) {
      expect(pushEndpointProblem(`https://${host}/push`, staging), host).toMatch(/local name/);
    }
  });

  it('lets a local push service in only with PUSH_ALLOW_LOCAL_ENDPOINTS, and never in production', () => {
    expect(pushEndpointProblem('http://127.0.0.1:9000/push/1', local)).toBeNull();
    expect(pushEndpointProblem('http://localhost:9000/push/1', local)).toBeNull();
    expect(pushEndpointProblem('ftp://127.0.0.1/x', local)).toMatch(/http/);
    expect(pushEndpointProblem('not a url', local)).toMatch(/not a URL/);
    expect(pushEndpointProblem('http://127.0.0.1:9000/push/1', staging)).toMatch(/https/);
    expect(
      pushEndpointProblem('https://127.0.0.1/push/1', { ...production, allowLocalEndpoints: true }),
    ).toMatch(/loopback/);
  });
});

import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './push-endpoint';

const hosts = ['fcm.googleapis.com', 'push.services.mozilla.com'];

describe('pushEndpointProblem', () => {
  it('accepts the push services and their subdomains over https in production', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBeNull();
    expect(
      pushEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', hosts),
    ).toBeNull();
  });

  it('refuses other hosts, look-alikes and plain http in production', () => {
    expect(pushEndpointProblem('https://169.254.169.254/latest', hosts)).toMatch(/not one we can/);
    expect(pushEndpointProblem('https://evilfcm.googleapis.com.example/x', hosts)).toMatch(
      /not one/,
    );
    expect(pushEndpointProblem('https://xfcm.googleapis.com/x', hosts)).toMatch(/not one/);
    expect(pushEndpointProblem('http://fcm.googleapis.com/x', hosts)).toMatch(/https/);
  });

  it('accepts any http(s) endpoint outside production, and nothing else', () => {
    expect(pushEndpointProblem('http://127.0.0.1:9000/push/1', null)).toBeNull();
    expect(pushEndpointProblem('ftp://127.0.0.1/x', null)).toMatch(/http/);
    expect(pushEndpointProblem('not a url', null)).toMatch(/not a URL/);
  });
});

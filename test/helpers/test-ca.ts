// A certificate authority made at test time (selfsigned), and server certificates it signs for
// given DNS names and IP addresses: the webhook tests exercise real TLS (SNI, chain and name
// checks) against a receiver on loopback, with nothing checked in and nothing trusted globally.
// EC P-256 keys: generating them takes milliseconds.
import { generate } from 'selfsigned';

export interface ServerCertificate {
  readonly cert: string;
  readonly key: string;
}

export interface TestCa {
  /** The CA certificate (PEM): hand it to the sender as `ca`. */
  readonly cert: string;
  issue(names: { dns?: readonly string[]; ips?: readonly string[] }): Promise<ServerCertificate>;
}

const validity = () => {
  const notBeforeDate = new Date(Date.now() - 60_000); // a little clock skew between "now"s
  return { notBeforeDate, notAfterDate: new Date(notBeforeDate.getTime() + 7 * 24 * 3600_000) };
};

export async function createTestCa(commonName = 'Verso test CA'): Promise<TestCa> {
  const ca = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    ...validity(),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return {
    cert: ca.cert,
    async issue(names) {
      const dns = names.dns ?? [];
      const ips = names.ips ?? [];
      const issued = await generate([{ name: 'commonName', value: dns[0] ?? ips[0] ?? 'receiver' }], {
        keyType: 'ec',
        curve: 'P-256',
        algorithm: 'sha256',
        ...validity(),
        ca: { key: ca.private, cert: ca.cert },
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: [...dns.map((value) => ({ type: 2 as const, value })), ...ips.map((ip) => ({ type: 7 as const, ip }))] },
        ],
      });
      return { cert: issued.cert, key: issued.private };
    },
  };
}

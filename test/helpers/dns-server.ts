// A DNS server for tests: UDP on 127.0.0.1 (a free port), answering A and AAAA queries from a table
// the test fills, NXDOMAIN for names it does not know, and nothing at all for names the test
// declared hung. It records every query, so a test can wait for one (by event, not by time) and
// count how often a name was asked.
import dgram from 'node:dgram';
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface DnsQuery {
  /** Lower case, no trailing dot. */
  readonly name: string;
  readonly type: 'A' | 'AAAA' | number;
}

export interface DnsRecords {
  readonly A?: readonly string[];
  readonly AAAA?: readonly string[];
  /** Seconds; default 300. */
  readonly ttl?: number;
}

export interface TestDnsServer {
  /** "127.0.0.1:<port>", as dns.Resolver#setServers takes it. */
  readonly address: string;
  readonly queries: DnsQuery[];
  /** Answers for `name` (an empty record set is NODATA: the name exists, without that type). */
  set(name: string, records: DnsRecords): void;
  /** Never answers queries for `name`. */
  hang(name: string): void;
  /** How many queries for `name` arrived so far. */
  asked(name: string): number;
  /** Resolves once the recorded queries satisfy `done` (checked now and on every new query). */
  waitFor(done: (queries: readonly DnsQuery[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const table = new Map<string, DnsRecords>();
  const hung = new Set<string>();
  const queries: DnsQuery[] = [];
  const events = new EventEmitter();

  socket.on('message', (msg, rinfo) => {
    const question = parseQuestion(msg);
    if (!question) return;
    const { name, qtype, end } = question;
    queries.push({ name, type: qtype === TYPE_A ? 'A' : qtype === TYPE_AAAA ? 'AAAA' : qtype });
    events.emit('query');
    if (hung.has(name)) return;
    const records = table.get(name);
    const addresses = !records ? [] : qtype === TYPE_A ? (records.A ?? []) : qtype === TYPE_AAAA ? (records.AAAA ?? []) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0); // id
    // QR, the query's RD, RA; rcode 3 (NXDOMAIN) for an unknown name, else 0.
    header.writeUInt16BE(0x8080 | (msg.readUInt16BE(2) & 0x0100) | (records ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const answers = addresses.map((address) => {
      const rdata = Buffer.from(ipaddr.parse(address).toByteArray());
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(qtype, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(records?.ttl ?? 300, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, end), ...answers]), rinfo.port, rinfo.address);
  });

  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address() as AddressInfo;
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

  return {
    address: `127.0.0.1:${port}`,
    queries,
    set: (name, records) => void table.set(key(name), records),
    hang: (name) => void hung.add(key(name)),
    asked: (name) => queries.filter((q) => q.name === key(name)).length,
    waitFor(done) {
      return new Promise((resolve) => {
        const check = () => {
          if (!done(queries)) return;
          events.off('query', check);
          resolve();
        };
        events.on('query', check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function parseQuestion(msg: Buffer): { name: string; qtype: number; end: number } | null {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < msg.length) {
    const length = msg[offset]!;
    offset += 1;
    if (length === 0) break;
    if (length > 63) return null; // queries carry no compression pointers
    labels.push(msg.toString('latin1', offset, offset + length));
    offset += length;
  }
  if (offset + 4 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), qtype: msg.readUInt16BE(offset), end: offset + 4 };
}

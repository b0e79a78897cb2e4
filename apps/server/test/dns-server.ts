import { createSocket } from "node:dgram";
import { Resolver } from "node:dns/promises";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { ResolveHost } from "../src/modules/knowledge/crawl/address-guard";

const TYPE_A = 1;
const CLASS_IN = 1;
const FLAGS_ANSWER = 0x8180; // a response, recursion desired and available, no error
const FLAGS_NAME_ERROR = 0x8183; // the same with NXDOMAIN

/**
 * A real DNS server on loopback (UDP, RFC 1035 wire format) for tests that must control what a
 * host name resolves to, and when: `answer` is asked for every A question with the name and how
 * many times that name was asked before, and returns IPv4 addresses, or null for NXDOMAIN.
 * `resolveHost` asks it through Node's own resolver, the way the crawler's injectable resolver does.
 */
export async function startDnsServer(answer: (name: string, timesAskedBefore: number) => string[] | null) {
  const socket = createSocket("udp4");
  /** Every A question, in arrival order. */
  const queries: string[] = [];

  socket.on("message", (query, peer) => {
    // Header (12 bytes), then one question: labels up to a zero byte, type, class.
    let offset = 12;
    const labels: string[] = [];
    while (query[offset]) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString("ascii"));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join(".").toLowerCase();
    let addresses: string[] | null = [];
    if (type === TYPE_A) {
      addresses = answer(name, queries.filter((asked) => asked === name).length);
      queries.push(name);
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
    header.writeUInt16BE(addresses ? FLAGS_ANSWER : FLAGS_NAME_ERROR, 2);
    header.writeUInt16BE(1, 4); // the question, echoed
    header.writeUInt16BE(addresses?.length ?? 0, 6);
    const records = (addresses ?? []).map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(TYPE_A, 2);
      record.writeUInt16BE(CLASS_IN, 4);
      record.writeUInt32BE(0, 6); // TTL 0: nothing may keep the answer
      record.writeUInt16BE(4, 10);
      Buffer.from(address.split(".").map(Number)).copy(record, 12);
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records]), peer.port, peer.address);
  });

  socket.bind(0, "127.0.0.1");
  await once(socket, "listening");
  const { port } = socket.address() as AddressInfo;
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);

  const resolveHost: ResolveHost = (hostname) => resolver.resolve4(hostname);
  return {
    queries,
    resolveHost,
    close: async () => {
      socket.close();
      await once(socket, "close");
    },
  };
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;

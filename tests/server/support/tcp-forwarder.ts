/**
 * A TCP forwarder a test owns, in front of a shared service (Redis, PostgreSQL) on a free loopback
 * port, so the test can cut the network without touching the service. `blackhole()` is a network
 * partition: connections stay open and new ones are accepted, but nothing goes through either way
 * (what was sent waits, as TCP would retransmit it); `heal()` delivers what waited and forwards
 * again.
 */
import net from 'node:net';

export interface Forwarder {
  port: number;
  blackhole(): void;
  heal(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function startForwarder(target: { host: string; port: number }): Promise<Forwarder> {
  const links = new Set<Link>();
  let cut = false;

  const flush = (link: Link) => {
    if (cut || link.client.destroyed) return;
    if (!link.upstream) {
      const upstream = net.connect(target.port, target.host);
      link.upstream = upstream;
      upstream.on('data', (d) => (cut ? link.toClient.push(d) : link.client.write(d)));
      upstream.on('error', () => link.client.destroy());
      upstream.on('close', () => link.client.destroy());
    }
    for (const d of link.toUpstream.splice(0)) link.upstream.write(d);
    for (const d of link.toClient.splice(0)) link.client.write(d);
  };

  const server = net.createServer((client) => {
    const link: Link = { client, toUpstream: [], toClient: [] };
    links.add(link);
    client.on('data', (d) => {
      link.toUpstream.push(d);
      flush(link);
    });
    client.on('error', () => {});
    client.on('close', () => {
      link.upstream?.destroy();
      links.delete(link);
    });
    flush(link);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    port,
    blackhole() {
      cut = true;
    },
    heal() {
      cut = false;
      for (const link of links) flush(link);
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

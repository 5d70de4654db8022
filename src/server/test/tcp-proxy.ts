// A TCP proxy on loopback in front of PostgreSQL that can go silent: while blocked it keeps
// every connection open but forwards nothing either way, as a network partition does (no
// reset, no answer). Unblocked, new connections pass again; the ones that lost bytes are broken.
import net, { type AddressInfo } from "node:net";

export type TcpProxy = {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  block(): void;
  unblock(): void;
  /** A failover: the connections open now go silent for good, new ones reach the database. */
  strandOpenConnections(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let blocked = false;
  const sockets = new Set<net.Socket>();
  const stranded = new WeakSet<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const silent = () => blocked || stranded.has(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.on("data", (chunk) => {
      if (!silent()) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!silent()) client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    block: () => {
      blocked = true;
    },
    unblock: () => {
      blocked = false;
    },
    strandOpenConnections: () => {
      for (const socket of sockets) stranded.add(socket);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

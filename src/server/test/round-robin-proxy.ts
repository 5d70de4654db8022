// A load balancer for tests: a reverse proxy that sends each request, and each WebSocket
// upgrade, to the next instance in turn, with no stickiness, as a cloud load balancer may.
// It records which instance got what, so a test can show the two ends landed apart.
import http from "node:http";
import net, { type AddressInfo } from "node:net";

export type Backend = { host: string; port: number };

export async function startRoundRobinProxy(backends: Backend[]) {
  let next = 0;
  const served: Array<{ backend: number; method: string; url: string }> = [];
  const pick = (method: string, url: string) => {
    const index = next++ % backends.length;
    served.push({ backend: index, method, url });
    return backends[index]!;
  };

  const server = http.createServer((request, response) => {
    const backend = pick(request.method ?? "GET", request.url ?? "/");
    const upstream = http.request(
      {
        ...backend,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  // A WebSocket upgrade is passed through as bytes once the backend is chosen.
  server.on("upgrade", (request, socket, head) => {
    const backend = pick(request.method ?? "GET", request.url ?? "/");
    const upstream = net.connect(backend.port, backend.host, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on("error", end);
    socket.on("error", end);
    upstream.on("close", end);
    socket.on("close", end);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import net from 'node:net';

/** Sends bytes exactly as given and collects everything the server writes until it closes the connection. */
export function rawExchange(
  port: number,
  request: string,
  timeoutMs = 3_000,
  options: { halfClose?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no close within ${timeoutMs} ms; received: ${Buffer.concat(chunks).toString('latin1')}`),
      );
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    if (options.halfClose) socket.end(request);
    else socket.write(request);
  });
}

export function statusLine(response: string): string {
  return response.split('\r\n')[0] ?? '';
}

export function headerOf(response: string, name: string): string | undefined {
  const head = response.split('\r\n\r\n')[0] ?? '';
  const line = head
    .split('\r\n')
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export function bodyOf(response: string): string {
  return response.split('\r\n\r\n').slice(1).join('\r\n\r\n');
}

import sharp from 'sharp';

/** A real image of the given type, made by sharp, so the server has something to decode. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  width = 64,
  height = 40,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body as a browser would send it. */
export async function multipartBody(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && !part.filename) form.append(part.name, part.value);
    else {
      const bytes =
        typeof part.value === 'string'
          ? new TextEncoder().encode(part.value)
          : new Uint8Array(part.value);
      form.append(
        part.name,
        new Blob([bytes], { type: part.type ?? 'application/octet-stream' }),
        part.filename ?? 'file',
      );
    }
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Every (method, path) the router has under a prefix, read from Fastify's own route tree. */
export function routesUnder(printed: string, prefix: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([\s│]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== '-' && method !== 'HEAD' && path.startsWith(prefix))
        found.push({ method, path });
    }
  }
  return found;
}

/** A branch as the console's form sends it (STAFF-10), with a name no other test has. */
export const branchInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Takoradi office ${Math.random().toString(36).slice(2, 8)}`,
  town: 'Takoradi',
  address: '3 Liberation Road, Takoradi',
  phone: '+233312000444',
  opens: '08:00',
  closes: '18:30',
  is_airport: false,
  ...overrides,
});

/** A car as the console's form sends it (STAFF-2, STAFF-11), standing at `branchId`. */
export const carInput = (branchId: number, overrides: Record<string, unknown> = {}) => ({
  make: 'Kia',
  model: `Picanto ${Math.random().toString(36).slice(2, 8)}`,
  year: 2021,
  description: 'Small and easy in traffic.',
  body_type: 'hatchback',
  transmission: 'automatic',
  fuel_type: 'petrol',
  colour: 'Blue',
  no_of_doors: 5,
  seat_capacity: 4,
  has_airconditioning: true,
  has_bluetooth: true,
  usb_charger: true,
  price_per_day: 300,
  old_price: null,
  city: 'Takoradi',
  lat: 4.9,
  long: -1.76,
  branch_id: branchId,
  ...overrides,
});

import { describe, expect, it } from 'vitest';
import { BranchesResponseSchema } from '../../src/shared/schemas/branches';
import { api } from '../support/api';
import { setupTestApp } from '../support/test-app';

const ctx = await setupTestApp();
const client = api(ctx.app);

describe('GET /api/branches for the booking form (BRANCH-1, PRICE-3, PRICE-4)', () => {
  it('lists the branches with their hours and the extras’ prices in cedis', async () => {
    const response = await client.get('/api/branches');
    expect(response.statusCode).toBe(200);
    const body = BranchesResponseSchema.parse(response.json());
    expect(body.branches.map((b) => b.town)).toEqual(expect.arrayContaining(['Accra', 'Kumasi']));
    // The migration's default prices (0017), in cedis as the form shows them.
    expect(body.extra_prices).toEqual({
      chauffeur_per_day: 150,
      out_of_station_per_day: 100,
      child_seat_per_day: 30,
      delivery_fee: 80,
      airport_fee: 50,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ARKESEL_DELIVERY_OUTCOMES, deliveryOutcome } from './arkesel-delivery';

describe("Arkesel's delivery statuses (MSG-13)", () => {
  it('maps each published status, in any letter case', () => {
    expect(Object.keys(ARKESEL_DELIVERY_OUTCOMES).sort()).toEqual(
      ['DELIVERED', 'EXPIRED', 'NOT_DELIVERED', 'PROHIBITED', 'QUEUED', 'SUBMITTED'].sort(),
    );
    expect(deliveryOutcome('DELIVERED')).toEqual({ outcome: 'delivered', status: 'DELIVERED' });
    expect(deliveryOutcome(' not_delivered ')).toEqual({
      outcome: 'failed',
      status: 'NOT_DELIVERED',
    });
    expect(deliveryOutcome('Prohibited')?.outcome).toBe('failed');
    expect(deliveryOutcome('EXPIRED')?.outcome).toBe('failed');
  });

  it('changes nothing for a text still on its way, or for a word it does not know', () => {
    for (const status of ['SUBMITTED', 'queued', 'sent', 'toString', '', undefined])
      expect(deliveryOutcome(status), String(status)).toBeNull();
  });
});

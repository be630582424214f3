import { useId, useState } from 'react';
import { SandboxVoucher } from './sandbox-voucher';
import { MOBILE_MONEY_NETWORK_LABELS } from '../../../../shared/constants';
import { formatCedis } from '../../../../shared/money';
import type { SandboxPhonePrompt } from '../../../../shared/schemas/payments';
import { useAnswerSandboxPrompt, useSandboxPhonePrompts } from '../api/payments';
import { formatRemaining, useCountdown } from '../use-countdown';
import './sandbox-prompt.css';
import './sandbox-phone-prompts.css';

/**
 * The mobile money prompts that pop up on the sandbox phone for its number (RUN-13): what a
 * real wallet's phone shows when a charge is asked of it (who asks, how much, for which
 * booking), with Approve and Decline. Nothing shows when the server runs a real payment
 * provider (the route is not there).
 */
export function SandboxPhonePrompts({ wallet }: { wallet: string }) {
  const prompts = useSandboxPhonePrompts(wallet);
  // What this phone answered, kept after the prompt leaves the open list.
  const [answered, setAnswered] = useState<SandboxPhonePrompt[]>([]);
  const open = (prompts.data?.prompts ?? []).filter(
    (p) => !answered.some((a) => a.reference === p.reference),
  );
  if (open.length === 0 && answered.length === 0) return null;
  return (
    <section className="sandbox-prompts" aria-label="Mobile money prompts">
      {answered.map((prompt) => (
        <AnsweredPrompt key={prompt.reference} prompt={prompt} />
      ))}
      {open.map((prompt) => (
        <OpenPrompt
          key={prompt.reference}
          prompt={prompt}
          wallet={wallet}
          onAnswered={(result) => setAnswered((list) => [result, ...list])}
        />
      ))}
    </section>
  );
}

function PromptFacts({ prompt }: { prompt: SandboxPhonePrompt }) {
  return (
    <dl className="phone-facts">
      <div>
        <dt>Pay to</dt>
        <dd>{prompt.merchant}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd className="phone-amount">{formatCedis(prompt.amount)}</dd>
      </div>
      <div>
        <dt>Booking</dt>
        <dd>
          {prompt.booking_code}
          {prompt.purpose === 'top_up' ? ' (change)' : ''}
        </dd>
      </div>
      <div>
        <dt>Reference</dt>
        <dd className="phone-reference">{prompt.reference}</dd>
      </div>
    </dl>
  );
}

const networkOf = (prompt: SandboxPhonePrompt) =>
  prompt.network ? MOBILE_MONEY_NETWORK_LABELS[prompt.network] : 'Mobile money';

function OpenPrompt({
  prompt,
  wallet,
  onAnswered,
}: {
  prompt: SandboxPhonePrompt;
  wallet: string;
  onAnswered: (result: SandboxPhonePrompt) => void;
}) {
  const titleId = useId();
  const answer = useAnswerSandboxPrompt(wallet);
  const remaining = useCountdown(prompt.expires_at);
  const needsVoucher = prompt.step === 'send_otp';
  const decide = (decision: 'approve' | 'decline') =>
    answer.mutate(
      { reference: prompt.reference, decision },
      { onSuccess: (data) => onAnswered(data.prompt) },
    );
  return (
    <article className="phone-card sandbox-prompt" aria-labelledby={titleId}>
      <p className="phone-network">{networkOf(prompt)}</p>
      <h3 id={titleId} className="phone-title">
        {needsVoucher ? 'Generate a voucher' : 'Approve payment?'}
      </h3>
      <PromptFacts prompt={prompt} />
      {remaining !== null && (
        <p className="phone-timer">
          {remaining === 0
            ? 'This request has expired.'
            : `Expires in ${formatRemaining(remaining)}`}
        </p>
      )}
      {needsVoucher ? (
        <SandboxVoucher after="the request then asks to be approved here" />
      ) : (
        <>
          {answer.isError && (
            <p className="field-error" role="alert">
              {answer.error.message}
            </p>
          )}
          <div className="phone-actions">
            <button
              type="button"
              className="btn btn-outline"
              disabled={answer.isPending}
              onClick={() => decide('decline')}
            >
              Decline
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={answer.isPending}
              onClick={() => decide('approve')}
            >
              {answer.isPending ? 'Sending…' : 'Approve'}
            </button>
          </div>
        </>
      )}
    </article>
  );
}

function AnsweredPrompt({ prompt }: { prompt: SandboxPhonePrompt }) {
  const titleId = useId();
  const paid = prompt.status === 'success';
  return (
    <article className="phone-card sandbox-prompt" aria-labelledby={titleId}>
      <p className="phone-network">{networkOf(prompt)}</p>
      <h3 id={titleId} className="phone-title">
        {paid ? 'Payment sent' : 'No payment made'}
      </h3>
      <PromptFacts prompt={prompt} />
      <p className={paid ? 'phone-ok' : 'phone-no'} role="status">
        {paid
          ? `You paid ${formatCedis(prompt.amount)} to ${prompt.merchant}.`
          : prompt.status === 'cancelled'
            ? `${prompt.merchant} withdrew this request. Nothing was charged.`
            : 'You declined. Nothing was charged.'}
      </p>
    </article>
  );
}

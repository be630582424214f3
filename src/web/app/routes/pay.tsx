import { useParams } from '../../lib/router';
import { SandboxPrompt } from '../../features/bookings/components/sandbox-prompt';
import { usePageTitle } from '../../lib/use-page-title';

/** /pay/sandbox/:reference: the sandbox's stand-in for the phone's mobile money prompt. */
export default function Pay() {
  const { reference = '' } = useParams();
  usePageTitle('Approve payment');
  return (
    <div className="phone-page">
      <SandboxPrompt key={reference} reference={reference} />
    </div>
  );
}

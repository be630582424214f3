import { TeamCard } from '../../features/team/components/team-card';
import { TEAM } from '../../features/team/team-members';
import { usePageTitle } from '../../lib/use-page-title';

/** /team-list (PAGE-11): the people behind the cars; each links to /team-single/{id}. */
export default function TeamList() {
  usePageTitle('Our Team');
  return (
    <div className="page">
      <div className="container">
        <header className="team-list-head">
          <p className="team-list-eyebrow">The people behind the keys</p>
          <h1>Meet Our Team</h1>
          <p className="muted team-list-intro">
            From the first call to the moment you hand back the keys, these are the people who look
            after your rental, in Accra and in Kumasi.
          </p>
        </header>
        <ul className="team-grid">
          {TEAM.map((member) => (
            <li key={member.id}>
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

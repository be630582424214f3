import { useParams } from '../../lib/router';
import { paths } from '../../config/paths';
import { BackLink } from '../../components/back-link';
import { CarCard } from '../../features/cars/components/car-card';
import { VehicleTabs } from '../../features/inventory/components/vehicle-tabs';
import { TeamProfile } from '../../features/team/components/team-profile';
import { findTeamMember } from '../../features/team/team-members';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /team-single/{id} (PAGE-11): the member with that id (the first one for an unknown id), and
 * 'Explore All Vehicles' with real cars that link to their single page.
 */
export default function TeamSingle() {
  const { id } = useParams();
  const member = findTeamMember(id);
  usePageTitle(member.name);
  return (
    <div className="page">
      <div className="container">
        <BackLink fallback={paths.teamList.getHref()} />
        <TeamProfile member={member} />
        <VehicleTabs
          renderCard={(car) => (
            <CarCard car={car} headingLevel="h3" href={paths.inventorySingle.getHref(car.id)} />
          )}
        />
      </div>
    </div>
  );
}

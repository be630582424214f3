import { useMemo } from 'react';
import { Link } from '../../lib/router';
import { HOME_CAR_COUNT } from '../../../shared/constants';
import { CarSkeletons } from '../../components/car-skeletons';
import { paths } from '../../config/paths';
import { useCars } from '../../lib/car-list';
import { CarGrid } from '../../features/cars/components/car-grid';
import { AppDownload } from '../../features/home/components/app-download';
import { BrandShowcase } from '../../features/home/components/brand-showcase';
import { HeroSlider } from '../../features/home/components/hero-slider';
import { ArrowRightIcon } from '../../components/icons';
import { HomeSection } from '../../features/home/components/home-section';
import { ServicesPromo } from '../../features/home/components/services-promo';
import { Testimonials } from '../../features/home/components/testimonials';
import { VehicleTypesCta } from '../../features/home/components/vehicle-types-cta';
import { WhyChooseUs } from '../../features/home/components/why-choose-us';
import { usePageTitle } from '../../lib/use-page-title';
import { useSiteReviews } from '../../features/reviews/api/public-reviews';
import { homeShowsReviews } from '../../../shared/reviews';

/**
 * Home (PAGE-4). Kept light on purpose (budget 110 KiB gzip for the route): no zod, no
 * libraries, CSS gradients and one small SVG illustration per slide; the banner heading is
 * the largest thing painted first.
 */
export default function Home() {
  usePageTitle();
  // One request serves both the vehicles section and the brand counts.
  const cars = useCars({ limit: HOME_CAR_COUNT });
  const brandCounts = useMemo(
    () =>
      cars.data ? new Map(cars.data.brands.map((brand) => [brand.name, brand.count])) : undefined,
    [cars.data],
  );
  const showVehicles = !cars.isError && !(cars.isSuccess && cars.data.all_cars.length === 0);
  // Real reviews only, and only from 3 on (REVIEW-5): until then no rating is claimed.
  const reviews = useSiteReviews();
  const rating = homeShowsReviews(reviews.data) ? reviews.data : null;

  return (
    <>
      <HeroSlider
        rating={
          rating && rating.average !== null
            ? { average: rating.average, count: rating.count }
            : null
        }
      />
      {showVehicles && (
        <HomeSection
          eyebrow="Our fleet"
          title="Explore Our Vehicles"
          lead="Saloon cars for the city, 4×4s for upcountry roads and vans for the whole family, every one inspected before each rental."
          action={
            <Link to={paths.availableCars.getHref()} className="btn btn-outline">
              View All
              <ArrowRightIcon size={18} />
            </Link>
          }
        >
          {cars.isPending ? (
            <CarSkeletons count={HOME_CAR_COUNT} />
          ) : (
            <CarGrid cars={cars.data?.all_cars.slice(0, HOME_CAR_COUNT) ?? []} />
          )}
        </HomeSection>
      )}
      <BrandShowcase counts={brandCounts} />
      <WhyChooseUs />
      <ServicesPromo />
      <Testimonials summary={reviews.data} />
      <AppDownload />
      <VehicleTypesCta />
    </>
  );
}

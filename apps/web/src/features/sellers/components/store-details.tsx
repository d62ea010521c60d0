import { directionsUrl, formatStorePhone, storePhoneHref, type PublicShop } from '@app/domain';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { paths } from '../../../lib/routes';
import { logout, useCurrentUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n';
import './store-details.css';

function formatAddress({ address }: PublicShop): string {
  return [address.address, address.city, address.state, address.pinCode, address.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

export function StoreDetails({ shop, userId }: { shop: PublicShop; userId: string }) {
  const { t } = useT('stores');
  const { t: common } = useT('common');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const isOwner = user?._id === userId;
  const kind = shop.user_id.isBrand ? t('kindBrand') : t('kindStore');
  const images = shop.media.filter((media) => media.type === 'IMAGE');

  const onLogout = async () => {
    await logout();
    await navigate(paths.login);
  };

  const facts: [string, string][] = [
    [t('address'), formatAddress(shop)],
    [t('area'), shop.area],
    [t('yearOfEstablishment'), shop.year_of_establishment],
    [t('businessType'), shop.businessType],
  ];

  return (
    <article className="page stack store">
      <title>{common('pageTitle', { title: shop.name })}</title>
      <header className="store__header">
        <div>
          <p className="store__kind">{kind}</p>
          <h1 className="store__name">{shop.name}</h1>
        </div>
        {isOwner ? (
          <div className="store__owner-actions">
            <Link className="link-button" to={paths.addProduct}>
              {t('manageProducts')}
            </Link>
            <Button variant="secondary" onClick={onLogout}>
              {t('logout')}
            </Button>
          </div>
        ) : null}
      </header>

      <dl className="store__facts card">
        {facts
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label} className="store__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {shop.phone ? (
          <div className="store__fact">
            <dt>{t('phone')}</dt>
            <dd>
              <a href={storePhoneHref(shop.phone)}>{formatStorePhone(shop.phone)}</a>
            </dd>
          </div>
        ) : null}
        {shop.openingHours ? (
          <div className="store__fact">
            <dt>{t('openingHours')}</dt>
            <dd>{shop.openingHours}</dd>
          </div>
        ) : null}
        {shop.location ? (
          <div className="store__fact">
            <dt>{t('directions')}</dt>
            <dd>
              <a
                href={directionsUrl(shop.location.coordinates[1], shop.location.coordinates[0])}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('getDirections')}
                <span className="visually-hidden">{t('directionsTo', { name: shop.name })}</span>
              </a>
            </dd>
          </div>
        ) : null}
      </dl>

      {shop.sellCategory.length > 0 ? (
        <section aria-labelledby="store-categories">
          <h2 id="store-categories">{t('categories')}</h2>
          <ul className="store__categories">
            {shop.sellCategory.map((category) => (
              <li key={category.parentCategory}>
                <strong>{category.parentCategory}</strong>
                {category.childCategory.length > 0 ? (
                  <ul className="store__children">
                    {category.childCategory.map((child) => (
                      <li key={child}>{child}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {images.length > 0 ? (
        <section aria-labelledby="store-photos">
          <h2 id="store-photos">{t('photos')}</h2>
          <ul className="store__gallery">
            {images.map((media, index) => (
              <li key={media.url}>
                <ResponsiveImage
                  src={media.url}
                  widths={shop.imageVariants?.[media.url]}
                  sizes="(min-width: 768px) 15rem, 100vw"
                  priority={index === 0}
                  alt={t('storePhoto', { name: shop.name, number: index + 1, count: images.length })}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

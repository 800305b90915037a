import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelpCenter } from '../api/content-api';

/** SPEC §2 footer help list: the help centre, then each article by its tag. Loaded lazily. */
export default function FooterHelpList() {
  const { t } = useTranslation('content');
  const { data: help } = useHelpCenter();
  return (
    <>
      <Anchor component={Link} to="/help" size="sm" fw={600}>
        {t('help_center')}
      </Anchor>
      {help?.map((article) => (
        <Anchor key={article.tag} component={Link} to={`/help#${article.tag}`} size="sm" c="dimmed">
          {article.title}
        </Anchor>
      ))}
    </>
  );
}

import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { UserGroupGroupType } from '../../api/gen/model';

/** The group's type as a chip in the viewer's language. */
export function GroupTypeTag({ type }: { type: UserGroupGroupType }) {
  const { t } = useTranslation();
  return <Tag className={`group-type group-type--${type}`} value={t(`userGroups.types.${type}`)} />;
}

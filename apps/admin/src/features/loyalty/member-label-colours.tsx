import { Alert, Button, Modal, SimpleGrid, Stack, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { errorText } from '../../lib/error-text';
import { type LabelColours, labelColourPages, useSaveLabelColours } from './api/label-colour-calls';
import { ColourField, HEX_COLOUR } from './colour-field';
import { RankPill } from './rank-pill';
import { useLoyaltyTexts } from './texts';

function columns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (label: LabelColours) => void,
): DataTableColumn<LabelColours>[] {
  return [
    {
      key: 'label',
      header: t('labels.label'),
      cell: (row) => (
        <RankPill text={row.name} color={row.color} background={row.backgroundColor} />
      ),
    },
    { key: 'color', header: t('ranks.textColour'), cell: (row) => row.color },
    { key: 'background', header: t('ranks.backgroundColour'), cell: (row) => row.backgroundColor },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        canEdit ? (
          <Button size="xs" variant="light" onClick={() => onEdit(row)} data-testid="label-edit">
            {t('catalogue.edit')}
          </Button>
        ) : null,
    },
  ];
}

function ColoursModal({ label, onClose }: { label: LabelColours; onClose: () => void }) {
  const { t } = useLoyaltyTexts();
  const [color, setColor] = useState(label.color);
  const [backgroundColor, setBackground] = useState(label.backgroundColor);
  const save = useSaveLabelColours(onClose);
  const valid = HEX_COLOUR.test(color) && HEX_COLOUR.test(backgroundColor);
  return (
    <Modal opened onClose={onClose} title={t('labels.editTitle', { name: label.name })}>
      <Stack>
        <RankPill text={label.name} color={color} background={backgroundColor} />
        <SimpleGrid cols={2}>
          <ColourField
            invalidText={t('ranks.colourInvalid')}
            label={t('ranks.textColour')}
            value={color}
            onChange={setColor}
            testId="label-color"
          />
          <ColourField
            invalidText={t('ranks.colourInvalid')}
            label={t('ranks.backgroundColour')}
            value={backgroundColor}
            onChange={setBackground}
            testId="label-background"
          />
        </SimpleGrid>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Button
          loading={save.isPending}
          disabled={!valid}
          onClick={() => save.mutate({ id: label.id, color, backgroundColor })}
          data-testid="label-save"
        >
          {t('catalogue.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The member labels operators give members, in the colours the site shows them in. */
export function MemberLabelColours({ canEdit }: { canEdit: boolean }) {
  const { t } = useLoyaltyTexts();
  const [editing, setEditing] = useState<LabelColours | null>(null);
  return (
    <>
      <Title order={3} mt="xl" mb="md">
        {t('labels.title')}
      </Title>
      <DataTable
        columns={columns(t, canEdit, setEditing)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'label-row', 'data-name': row.name })}
        queryKey={labelColourPages.queryKey}
        fetchPage={labelColourPages.fetchPage}
        emptyText={t('labels.empty')}
        emptyTestId="labels-empty"
      />
      {editing && <ColoursModal label={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

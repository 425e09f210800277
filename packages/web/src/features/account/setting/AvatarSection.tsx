import { useEffect, useRef, useState } from 'react';
import { Button, Progress } from 'antd';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { useT } from '../../../shared/i18n';
import { FormFeedback } from '../FormFeedback';
import { avatarFileProblem } from './avatar-file';
import { AvatarCropper, type LoadedImage } from './AvatarCropper';
import { AvatarPicker } from './AvatarPicker';
import { avatarFileName, drawCrop } from './crop-canvas';
import type { SquareRect } from './crop-geometry';
import { SettingSection } from './SettingSection';
import { useAvatarUpload } from './use-avatar-upload';
import styles from './AvatarSection.module.css';

interface PickedFile {
  name: string;
  url: string;
}

/** Pick or drop an image, crop it to a square, upload it as 512×512 with progress and cancel. */
export function AvatarSection({ user, onChanged }: { user: CurrentUserWire; onChanged: () => void }) {
  const t = useT();
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [shownAt] = useState(() => Date.now());
  const loaded = useRef<LoadedImage | null>(null);
  const rect = useRef<SquareRect | null>(null);
  const { upload, start, cancel, reset } = useAvatarUpload();
  const uploading = upload.phase === 'uploading';

  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (file: File) => {
    reset();
    const refusal = avatarFileProblem(file);
    setProblem(refusal ? t(refusal.key, refusal.params) : null);
    loaded.current = null;
    setPicked(refusal ? null : { name: file.name, url: URL.createObjectURL(file) });
  };

  const unreadable = () => {
    setProblem(t('account.setting.avatar.unreadable', { name: picked?.name ?? '' }));
    setPicked(null);
  };

  async function send() {
    if (!loaded.current || !rect.current) return;
    let image: Blob;
    try {
      image = await drawCrop(document.createElement('canvas'), loaded.current.element, rect.current);
    } catch {
      setProblem(t('account.setting.avatar.cropFailed'));
      return;
    }
    if (await start(image, avatarFileName(image))) {
      setPicked(null);
      onChanged();
    }
  }

  const address = upload.phase === 'done' ? upload.address : withTimestamp(user.headImage, shownAt);
  return (
    <SettingSection title={t('account.setting.avatar')} testId="avatar-section">
      <div className={styles.layout}>
        {picked ? null : (
          <div className={styles.current}>
            {address ? (
              <img
                className={styles.avatar}
                src={address}
                alt={t('account.setting.avatar.current', { name: user.username })}
                width={96}
                height={96}
              />
            ) : (
              <span className={styles.avatar} aria-hidden="true" />
            )}
          </div>
        )}
        <div className={styles.body}>
          {picked ? (
            <AvatarCropper
              key={picked.url}
              src={picked.url}
              onLoaded={(image) => (loaded.current = image)}
              onUnreadable={unreadable}
              onCropChange={(next) => (rect.current = next)}
              disabled={uploading}
            />
          ) : null}
          {picked ? (
            <div className={styles.actions}>
              {uploading ? (
                <Button onClick={cancel}>{t('account.setting.avatar.cancel')}</Button>
              ) : (
                <Button type="primary" onClick={() => void send()} autoInsertSpace={false}>
                  {t('account.setting.avatar.upload')}
                </Button>
              )}
            </div>
          ) : null}
          <div className={styles.status}>
            <FormFeedback
              error={problem ?? (upload.phase === 'failed' ? upload.message : null)}
              notice={noticeOf(upload, t)}
            />
            {uploading ? (
              <div className={styles.progress}>
                <Progress
                  percent={upload.percent}
                  size="small"
                  aria-label={t('account.setting.avatar.uploading', { percent: upload.percent })}
                />
                <span>{t('account.setting.avatar.uploading', { percent: upload.percent })}</span>
              </div>
            ) : null}
          </div>
          <AvatarPicker
            label={t(picked ? 'account.setting.avatar.chooseAnother' : 'account.setting.avatar.choose')}
            onFile={choose}
            disabled={uploading}
          />
        </div>
      </div>
    </SettingSection>
  );
}

function noticeOf(upload: ReturnType<typeof useAvatarUpload>['upload'], t: (key: string) => string): string | null {
  if (upload.phase === 'done') return t('account.setting.avatar.uploaded');
  if (upload.phase === 'cancelled') return t('account.setting.avatar.cancelled');
  return null;
}

/** SPEC §9: a time stamp makes the browser fetch the picture again. */
function withTimestamp(address: string, at: number): string {
  if (!address) return '';
  return `${address}${address.includes('?') ? '&' : '?'}t=${at}`;
}

// A template's cover: fetched with the login token (the cover call is access-checked) and shown
// from an object URL; a placeholder while loading, without a cover, or when it cannot be loaded.
import { PictureOutlined } from '@ant-design/icons';
import React, { useEffect, useState } from 'react';
import { templateCoverUrl } from '../../services/authoring';

const Cover: React.FC<{ id: string; has: boolean; width?: number; height?: number; alt?: string; version?: string }> = ({ id, has, width = 64, height = 44, alt = '', version }) => {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!has) return undefined;
    let u: string | undefined;
    let live = true;
    setFailed(false);
    templateCoverUrl(id)
      .then((x) => {
        u = x;
        if (live) setUrl(x);
        else URL.revokeObjectURL(x);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (u) URL.revokeObjectURL(u);
    };
  }, [id, has, version]);
  const box: React.CSSProperties = { width, height, borderRadius: 4, flex: 'none', background: '#f5f5f5', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: '#767676', overflow: 'hidden' };
  if (!has || failed || !url) return <span style={box} data-testid="tpl-cover-empty"><PictureOutlined /></span>;
  return <img src={url} alt={alt} data-testid="tpl-cover" style={{ ...box, objectFit: 'cover' }} />;
};

export default Cover;

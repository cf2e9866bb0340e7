import type { StreamJoinDto } from '@fandeck/contract';
import { useElementStyles } from '../kit/element-styles.js';
import { useSession, useSignalValue } from '../session/react.js';
import { useModel } from '../ui/index.js';
import { StreamHeading } from './stream-heading.js';
import { LiveGiftModel } from './live-gift.model.js';
import { LiveGift } from './live-gift.js';
import type { LivePlayerModel } from './live-player.model.js';
import { LiveTip } from './live-tip.js';
import { LiveVideo } from './live-video.js';
import stageCss from './live-stage.css?inline';
import { StreamChat } from './stream-chat.js';

/**
 * The live stage: the heading with the viewer count, the video, the description, the tip and
 * the gifts, beside the stream chat (below it on a phone, filling the rest, its input at the bottom).
 */
export function LiveBody({ model, join, name }: { model: LivePlayerModel; join: StreamJoinDto & { playlistUrl: string }; name: string }) {
  // The stage's sheet travels with this chunk: an offline or locked player never fetches it.
  useElementStyles(stageCss);
  const session = useSession();
  const viewers = useSignalValue(model.viewers);
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const gifts = useModel(() => new LiveGiftModel(session, model));
  return (
    <div className="fan-live__layout">
      <div className="fan-live__stage">
        <StreamHeading title={join.stream.title} live viewers={viewers} />
        <LiveVideo url={join.playlistUrl} name={name} onExpired={() => model.refreshLink()} />
        {join.stream.description ? (
          <p className="fan-live__description" part="description">
            {join.stream.description}
          </p>
        ) : null}
        {loggedIn ? (
          <div className="fan-live__actions" part="actions">
            <LiveTip model={model} />
            <LiveGift model={gifts} />
          </div>
        ) : null}
      </div>
      <StreamChat model={model} />
    </div>
  );
}

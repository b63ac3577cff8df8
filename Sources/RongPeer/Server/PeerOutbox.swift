// Sources/RongPeer/Server/PeerOutbox.swift - what one turn of the core asks of the channels, handed to each event loop once

import NIOCore
import NIOWebSocket

/// The writes and closes one locked turn of ``PeerCore`` produced, in the order produced. At
/// the end of the turn (still under the lock, so turns reach a loop in the order they ran) each
/// event loop gets one task that performs its share in order and flushes each channel once: a
/// live-room message that notifies a thousand members costs one task per loop, not one task,
/// promise and flush per member.
struct PeerOutbox: Sendable {
    enum Action: Sendable {
        /// Frames for a channel, and the counter their completion subtracts from.
        case write(Channel, [WebSocketFrame], PeerCore.QueueCounter)
        /// Anything else for a channel (a close), after the writes queued before it.
        case run(Channel, @Sendable () -> Void)

        var channel: Channel {
            switch self {
            case .write(let c, _, _), .run(let c, _): c
            }
        }
    }

    private(set) var actions: [Action] = []

    var isEmpty: Bool { actions.isEmpty }

    mutating func write(_ frames: [WebSocketFrame], to channel: Channel, counter: PeerCore.QueueCounter) {
        actions.append(.write(channel, frames, counter))
    }

    mutating func run(on channel: Channel, _ body: @escaping @Sendable () -> Void) {
        actions.append(.run(channel, body))
    }

    /// Hands every loop its share, in order, and empties the outbox.
    mutating func dispatch() {
        guard !actions.isEmpty else { return }
        defer { actions.removeAll(keepingCapacity: true) }
        if let loop = actions.first?.channel.eventLoop, actions.allSatisfy({ $0.channel.eventLoop === loop }) {
            let share = actions
            loop.execute { Self.perform(share) }
            return
        }
        var shares: [ObjectIdentifier: (loop: EventLoop, actions: [Action])] = [:]
        var order: [ObjectIdentifier] = []
        for a in actions {
            let loop = a.channel.eventLoop
            let key = ObjectIdentifier(loop)
            if shares[key] == nil {
                shares[key] = (loop, [])
                order.append(key)
            }
            shares[key]!.actions.append(a)
        }
        for key in order {
            let (loop, share) = shares[key]!
            loop.execute { Self.perform(share) }
        }
    }

    /// On the loop: the writes in order, each channel flushed once at the end (or before a close
    /// queued for it, so nothing written before the close is dropped unflushed).
    private static func perform(_ share: [Action]) {
        var unflushed: [ObjectIdentifier: Channel] = [:]
        for a in share {
            switch a {
            case .write(let channel, let frames, let counter):
                var bytes = 0
                for f in frames.dropLast() {
                    bytes += f.data.readableBytes
                    channel.write(f, promise: nil)
                }
                guard let last = frames.last else { continue }
                bytes += last.data.readableBytes
                // A channel completes its writes in order: the last one's completion stands for
                // all of them.
                let count = frames.count
                let size = bytes
                let promise = channel.eventLoop.makePromise(of: Void.self)
                promise.futureResult.whenComplete { _ in
                    counter.packets.wrappingSubtract(count, ordering: .relaxed)
                    counter.bytes.wrappingSubtract(size, ordering: .relaxed)
                }
                channel.write(last, promise: promise)
                unflushed[ObjectIdentifier(channel)] = channel
            case .run(let channel, let body):
                if unflushed.removeValue(forKey: ObjectIdentifier(channel)) != nil { channel.flush() }
                body()
            }
        }
        for channel in unflushed.values { channel.flush() }
    }
}

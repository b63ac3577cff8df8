// Tests/RongEnvelopeTests/MessageIDAllocatorTests.swift - 1…65535, then 1

import RongEnvelope
import Testing

@Suite("Message ids")
struct MessageIDAllocatorTests {
    @Test("counts from 1 to 65535, wraps to 1, never gives 0")
    func wraps() {
        var ids = MessageIDAllocator()
        #expect(ids.next() == 1)
        #expect(ids.next() == 2)
        var seen = 2
        var last: UInt16 = 2
        while last != 65535 {
            last = ids.next()
            seen += 1
            #expect(last != 0)
        }
        #expect(seen == 65535)
        #expect(ids.next() == 1)
        #expect(ids.next() == 2)
    }

    @Test("resuming after 65535 or 0 gives 1")
    func resume() {
        var a = MessageIDAllocator(last: 65535)
        #expect(a.next() == 1)
        var b = MessageIDAllocator(last: 0)
        #expect(b.next() == 1)
        var c = MessageIDAllocator(last: 65534)
        #expect(c.next() == 65535)
        #expect(c.next() == 1)
    }
}

// Sources/rongwire/Support/FaultPlanOption.swift - `--faults SPEC` of `peer` and `peer-load`, through the peer's one plan parser

import ArgumentParser
import RongPeer

extension FaultPlan {
    /// The `transform` of `--faults`: the plan, or a usage error (exit 64) naming the part that
    /// is blank, missing, repeated or wrong (``FaultPlanError``), before anything starts.
    @Sendable static func argument(_ text: String) throws -> FaultPlan {
        do throws(FaultPlanError) {
            return try FaultPlan(parsing: text)
        } catch {
            throw ValidationError(error.message)
        }
    }
}

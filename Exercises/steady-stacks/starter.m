#import <UIKit/UIKit.h>

@interface SteadyStacksBehavior : UIDynamicBehavior
- (void)addItem:(id <UIDynamicItem>)item;
- (void)removeItem:(id <UIDynamicItem>)item;
@end

@interface SteadyStacksBehavior ()
@property (strong, nonatomic) UIGravityBehavior *gravity;
@end

@implementation SteadyStacksBehavior

- (UIGravityBehavior *)gravity
{
    if (!_gravity) {
        _gravity = [[UIGravityBehavior alloc] init];
        _gravity.magnitude = 1.0;
    }
    return _gravity;
}

- (void)addItem:(id <UIDynamicItem>)item
{
    [self.gravity addItem:item];
}

- (void)removeItem:(id <UIDynamicItem>)item
{
    [self.gravity removeItem:item];
}

- (instancetype)init
{
    self = [super init];
    [self addChildBehavior:self.gravity];
    return self;
}

@end
